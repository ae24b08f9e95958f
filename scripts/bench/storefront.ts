/** A hot server-rendered page against a bare node:http server sending the same HTML. */
import type { ChildProcess } from 'node:child_process';
import { bareLimit, pick, runLoad, type ApiRow } from './api.ts';
import { sampleRss } from './support.ts';

export async function storefrontBench(
  server: { child: ChildProcess; base: string },
  database: string,
  opts: { connections: number; duration: number },
): Promise<ApiRow[]> {
  const url = `${server.base}/shop`;
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const limit = await bareLimit(bytes, 'text/html; charset=utf-8', opts);
  await runLoad({ url, connections: opts.connections, duration: 2 });
  const peak = sampleRss(server.child.pid);
  const result = await runLoad({ url, ...opts });
  return [
    {
      database,
      scenario: `bare node:http (${String(bytes.length)} B of HTML)`,
      ...pick(limit),
      ratio: 1,
      rssMiB: 0,
    },
    {
      database,
      scenario: 'hot: server-rendered /shop',
      ...pick(result),
      ratio: Math.round((result.rps / Math.max(1, limit.rps)) * 100) / 100,
      rssMiB: peak(),
    },
  ];
}
