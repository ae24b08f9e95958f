/** `npm start`: builds the app when its sources are newer than the build, then serves. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist/client/index.html');

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(entry, name))),
    0,
  );
}

const sources = ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'public'].map((p) =>
  path.join(root, p),
);
const stale =
  !existsSync(built) ||
  sources.filter((p) => existsSync(p)).some((p) => newestMtime(p) > statSync(built).mtimeMs);

if (stale) {
  process.stdout.write('Building the app...\n');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}

await import('../src/server/main.ts');
