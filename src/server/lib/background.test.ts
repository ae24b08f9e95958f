import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BackgroundTasks } from './background.ts';

function capturedLog() {
  const lines: { level: number; msg: string; err?: { message: string } }[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[0]) };
  return { log: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

describe('background tasks', () => {
  it('starts a task only after the current turn, and settled() waits for it', async () => {
    const tasks = new BackgroundTasks();
    const { log } = capturedLog();
    const steps: string[] = [];
    tasks.run(log, 'step', async () => {
      steps.push('task started');
      await new Promise((resolve) => setTimeout(resolve, 5));
      steps.push('task done');
    });
    steps.push('answer sent');
    await tasks.settled();
    expect(steps).toEqual(['answer sent', 'task started', 'task done']);
  });

  it('logs a failed task with its name and goes on', async () => {
    const tasks = new BackgroundTasks();
    const { log, lines } = capturedLog();
    tasks.run(log, 'password reset link', () => Promise.reject(new Error('database gone')));
    let ran = false;
    tasks.run(log, 'next', () => {
      ran = true;
      return Promise.resolve();
    });
    await tasks.settled();
    expect(ran).toBe(true);
    expect(lines).toMatchObject([
      { level: 50, msg: 'password reset link failed', err: { message: 'database gone' } },
    ]);
  });

  it('waits for tasks that other tasks started', async () => {
    const tasks = new BackgroundTasks();
    const { log } = capturedLog();
    let inner = false;
    tasks.run(log, 'outer', () => {
      tasks.run(log, 'inner', async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        inner = true;
      });
      return Promise.resolve();
    });
    await tasks.settled();
    expect(inner).toBe(true);
  });
});
