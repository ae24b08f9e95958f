import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Writes a stand-in for the built store front where the renderer looks for it: `index.html` and
 * Vite's manifest in `client/`, and `bundle` (the source of an ES module with the server entry's
 * exports) as `ssr/entry-server.js`. `clientDir` is what `createTestContext` takes.
 */
export async function writeFakeStorefront(files: {
  indexHtml: string;
  manifest: Record<string, unknown>;
  bundle: string;
}): Promise<{ root: string; clientDir: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'bicycle-ssr-'));
  const clientDir = path.join(root, 'client');
  await mkdir(path.join(clientDir, '.vite'), { recursive: true });
  await mkdir(path.join(root, 'ssr'));
  await writeFile(path.join(clientDir, 'index.html'), files.indexHtml);
  await writeFile(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(files.manifest));
  await writeFile(path.join(root, 'ssr', 'entry-server.js'), files.bundle);
  return { root, clientDir };
}
