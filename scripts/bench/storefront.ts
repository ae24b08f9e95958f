/** A hot server-rendered page against a bare node:http server sending the same HTML. */
import type { ChildProcess } from 'node:child_process';
import { bareLimit, pick, runLoad, type ApiRow } from './api.ts';
import { sampleRss } from './support.ts';

/**
 * The page's bytes. The Lighthouse runs before this take minutes, so the connection fetch kept
 * from an earlier request may have been closed by the server meanwhile (EPIPE): ask again.
 */
async function pageBytes(url: string): Promise<Buffer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return Buffer.from(await (await fetch(url)).arrayBuffer());
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

export async function storefrontBench(
  server: { child: ChildProcess; base: string },
  database: string,
  opts: { connections: number; duration: number },
): Promise<ApiRow[]> {
  const url = `${server.base}/shop`;
  const bytes = await pageBytes(url);
  await runLoad({ url, connections: opts.connections, duration: 2 });
  const peak = sampleRss(server.child.pid);
  const result = await runLoad({ url, ...opts });
  // The bare server runs after the app: right after the Lighthouse runs, the browser's processes
  // still exiting took a share of the cores from whichever ran first.
  const limit = await bareLimit(bytes, 'text/html; charset=utf-8', opts);
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
