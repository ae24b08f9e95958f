/** Shared pieces of the benchmarks: processes pinned to cores, free ports, waiting, RSS sampling. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** Starts a command pinned to one core when taskset exists, so load and server do not share a core. */
export function spawnPinned(
  core: number,
  command: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): ChildProcess {
  const [cmd, argv] = hasTaskset
    ? ['taskset', ['-c', String(core), command, ...args]]
    : [command, args];
  return spawn(cmd, argv, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

export async function waitFor(
  url: string,
  child: ChildProcess,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let output = '';
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited (${String(child.exitCode)}): ${output}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${String(timeoutMs)} ms`);
}

/** Resident memory of a process in MiB, from /proc (Linux). */
export function rssMiB(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 500 ms until stopped; returns the peak. */
export function sampleRss(pid: number | undefined): () => number {
  let peak = rssMiB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 500);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export async function stop(child: ChildProcess): Promise<void> {
  if (!running(child)) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (running(child)) child.kill('SIGKILL');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
