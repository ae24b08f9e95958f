import type { FastifyBaseLogger } from 'fastify';

/**
 * Work an answer does not wait for. Each task starts once the current answer has been written
 * (setImmediate), its failure is logged, and `settled()` waits for every task under way: the app
 * waits for them before it closes, and tests before they look at what a task wrote.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  run(log: FastifyBaseLogger, what: string, task: () => Promise<void>): void {
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => {
        log.error({ err: error }, `${what} failed`);
      })
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
