/** Gzip size of what /, /shop, a product page and /dashboard load first, read from the Vite manifest. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleReport {
  route: string;
  jsKiB: number;
  cssKiB: number;
  files: string[];
  /** How many files: each is a request, over HTTP/1.1 six at a time. */
  chunks: number;
  dashboardCodeIncluded: boolean;
}

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

function gzipKiB(dir: string, files: string[]): number {
  const bytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(path.join(dir, f)), { level: 9 }).length,
    0,
  );
  return Math.round((bytes / 1024) * 10) / 10;
}

export function bundleReport(clientDir: string): BundleReport[] {
  const manifest = JSON.parse(
    readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  // The entry imports the app (src/client/boot.tsx) right after the first paint: every page loads it.
  const start = [entry, ...(manifest[entry]?.dynamicImports ?? [])];
  const dashboardKey = Object.keys(manifest).find((k) => k.includes('features/dashboard/'));
  const report = (route: string, keys: string[]): BundleReport => {
    const closure = staticClosure(manifest, keys);
    const chunks = [...closure]
      .map((k) => manifest[k])
      .filter((c): c is ManifestChunk => Boolean(c));
    const js = chunks.map((c) => c.file).filter((f) => f.endsWith('.js'));
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
    return {
      route,
      jsKiB: gzipKiB(clientDir, js),
      cssKiB: gzipKiB(clientDir, css),
      files: [...js, ...css],
      chunks: js.length,
      dashboardCodeIncluded: [...closure].some((k) => k.includes('features/dashboard/')),
    };
  };
  // Each page's body is a chunk the entry requests as soon as the route renders: it is part of that
  // page's first load. Parts loaded on first use (drawer, modal, slider, footer) are not.
  const view = (fragment: string) => Object.keys(manifest).filter((k) => k.includes(fragment));
  return [
    report('/', [...start, ...view('features/home/home-view')]),
    report('/shop', [...start, ...view('features/products/shop-view')]),
    report('/bikes/:slug', [...start, ...view('features/products/product-page')]),
    report('/dashboard', dashboardKey ? [...start, dashboardKey] : start),
  ];
}
