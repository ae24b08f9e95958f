// After `vite build` and the SSR build of src/client/prerender.tsx: writes the HTML of `/` and
// `/shop` with their first screen already in it, so it paints before any script has arrived. The
// server sends these two files for those paths and the plain index.html for every other page.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React and redux-persist in their production builds, as in the browser bundle.
process.env.NODE_ENV ??= 'production';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'dist/client');
const { prerenderPage } = await import(
  pathToFileURL(path.join(root, 'dist/prerender/prerender.js')).href
);

const pages = [
  { pathname: '/', file: 'home.html', view: 'src/client/features/home/home-view.tsx' },
  { pathname: '/shop', file: 'shop.html', view: 'src/client/features/products/shop-view.tsx' },
];

const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'));

/** The page body's chunk and the chunks it imports, fetched beside the entry instead of after it. */
function chunkFiles(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(k, seen))];
}

const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);
mkdirSync(path.join(clientDir, 'prerendered'), { recursive: true });
for (const { pathname, file, view } of pages) {
  const markup = await prerenderPage(pathname);
  const alreadyLinked = (f) => template.includes(`/${f}"`);
  const preloads = [...new Set(chunkFiles(view))]
    .filter((f) => !alreadyLinked(f))
    .map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`)
    .join('');
  // React writes its image preloads (the hero) at the start of the markup; in the head, ahead of
  // the scripts, the browser asks for the picture first.
  const imagePreloads = markup.match(/^(<link rel="preload" as="image"[^>]*>)+/)?.[0] ?? '';
  const body = markup.slice(imagePreloads.length);
  const html = template
    .replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    ${imagePreloads}`)
    .replace('</head>', `${preloads}  </head>`)
    .replaceAll(
      '<script type="module" crossorigin',
      '<script type="module" fetchpriority="low" crossorigin',
    )
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    )
    .replace(ROOT, `<div id="root">${body}</div>`);
  writeFileSync(path.join(clientDir, 'prerendered', file), html);
  process.stdout.write(`prerendered ${pathname} (${String(Math.round(html.length / 1024))} KiB)\n`);
}
