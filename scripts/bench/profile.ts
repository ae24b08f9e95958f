/**
 * Where a varied catalog request spends its time: CPU of the server process and of PostgreSQL per
 * request, read from /proc around a load of the varied mix, and the server's own CPU profile
 * (node --cpu-prof) summed by what the code belongs to.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLoad, startServer } from './api.ts';
import { stop } from './support.ts';

export interface ProfileReport {
  requests: number;
  rps: number;
  p99: number;
  nodeMsPerRequest: number;
  postgresMsPerRequest: number;
  /** Share of the server's sampled time, by part, busiest first. */
  parts: { part: string; share: number }[];
}

/** utime + stime of a process in ms, from /proc/<pid>/stat. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ');
    return (Number(fields?.[11] ?? 0) + Number(fields?.[12] ?? 0)) * 10;
  } catch {
    return 0;
  }
}

/** CPU ms of every PostgreSQL process (backends and the background ones). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        total += cpuMs(Number(entry));
    } catch {
      // the process ended while being read
    }
  }
  return total;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** What a frame belongs to, by its file. */
function partOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (functionName === '(idle)') return 'idle (waiting for PostgreSQL or the network)';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 and native (program)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) {
    if (pkg === 'pg' || pkg.startsWith('pg-')) return 'pg driver (protocol, rows)';
    if (pkg === 'drizzle-orm') return 'drizzle (building SQL, mapping rows)';
    if (pkg === 'zod' || pkg === 'fastify-type-provider-zod')
      return 'zod (validation, serialization)';
    if (pkg.includes('pino') || pkg === 'sonic-boom') return 'logging (pino)';
    if (pkg.includes('fastify') || pkg === 'find-my-way' || pkg === 'light-my-request')
      return 'fastify (routing, hooks, reply)';
    return `other packages (${pkg})`;
  }
  if (url.includes('dist/server')) return 'the store (dist/server)';
  if (url.startsWith('node:') || url === '') return 'Node core (http, net, streams, JSON)';
  return 'other';
}

function summarize(profile: CpuProfile): { part: string; share: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    if (!node) return;
    const part = partOf(node);
    totals.set(part, (totals.get(part) ?? 0) + dt);
    all += dt;
  });
  return [...totals]
    .map(([part, t]) => ({ part, share: Math.round((t / Math.max(1, all)) * 1000) / 10 }))
    .sort((a, b) => b.share - a.share);
}

export async function profileVaried(
  databaseUrl: string,
  paths: readonly string[],
  opts: { connections: number; duration: number },
): Promise<ProfileReport> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-prof-'));
  const { child, base } = await startServer({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false' }, [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
  ]);
  const pid = child.pid ?? 0;
  try {
    await runLoad({ url: base, connections: opts.connections, duration: 2, paths: [...paths] });
    const node0 = cpuMs(pid);
    const pg0 = postgresCpuMs();
    const result = await runLoad({ url: base, ...opts, paths: [...paths] });
    const nodeMs = cpuMs(pid) - node0;
    const pgMs = postgresCpuMs() - pg0;
    await stop(child);
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    const profile = file
      ? (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile)
      : undefined;
    return {
      requests: result.total,
      rps: result.rps,
      p99: result.p99,
      nodeMsPerRequest: Math.round((nodeMs / Math.max(1, result.total)) * 100) / 100,
      postgresMsPerRequest: Math.round((pgMs / Math.max(1, result.total)) * 100) / 100,
      parts: profile ? summarize(profile) : [],
    };
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
