// `npm start`: builds the app and the server when their sources are newer than the build, then
// serves from the compiled server in this same plain Node process (no TypeScript loader at run time).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(entry, name))),
    0,
  );
}

/** True when `output` is missing or older than any of `sources`. */
function stale(output, sources) {
  const target = path.join(root, output);
  if (!existsSync(target)) return true;
  const builtAt = statSync(target).mtimeMs;
  return sources
    .map((p) => path.join(root, p))
    .filter((p) => existsSync(p))
    .some((p) => newestMtime(p) > builtAt);
}

const shared = ['src/shared', 'package.json', 'package-lock.json'];
const run = (script) =>
  execFileSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });

if (
  stale('dist/ssr/entry-server.js', [
    'src/client',
    'index.html',
    'vite.config.ts',
    'public',
    ...shared,
  ])
) {
  process.stdout.write('Building the app...\n');
  run('build:client');
}
if (stale('dist/server/main.js', ['src/server', ...shared])) {
  process.stdout.write('Building the server...\n');
  run('build:server');
}

await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
