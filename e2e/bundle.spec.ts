import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Manifest, ManifestChunk } from 'vite';

const clientDir = process.env.E2E_CLIENT_DIR ?? path.resolve('dist/client');
const DASHBOARD = 'src/client/features/dashboard/';
// Texts written only in dashboard code: if one is in the first load, dashboard code is too.
const DASHBOARD_MARKERS = [
  'Bicycle Management',
  'Monthly Revenue',
  'Revenue (USD)',
  'Open account menu',
];

function readManifest(): Manifest {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  expect(existsSync(file), `${file} exists (build the app first)`).toBe(true);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The entry chunk, the app it imports right after the first paint, and everything they import
 * statically: what the store front loads first (with `pages`, the page modules the server names
 * beside it).
 */
function firstLoad(manifest: Manifest, pages: string[] = []): [string, ManifestChunk][] {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  expect(entries.length).toBeGreaterThan(0);
  const seen = new Map<string, ManifestChunk>();
  const queue = [
    ...entries.flatMap(([key, chunk]) => [key, ...(chunk.dynamicImports ?? [])]),
    ...pages,
  ];
  while (queue.length > 0) {
    const key = queue.shift()!;
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.set(key, chunk);
    queue.push(...(chunk.imports ?? []));
  }
  return [...seen.entries()];
}

test('the dashboard is its own chunk, loaded only on demand', () => {
  const manifest = readManifest();
  const dashboard = manifest[`${DASHBOARD}dashboard-app.tsx`];
  expect(dashboard, 'the dashboard has a chunk of its own').toBeDefined();
  expect(dashboard!.isDynamicEntry).toBe(true);
  expect(dashboard!.isEntry).toBeFalsy();
  const importers = Object.values(manifest).filter((chunk) =>
    chunk.dynamicImports?.includes(`${DASHBOARD}dashboard-app.tsx`),
  );
  expect(importers.length).toBeGreaterThan(0);
});

test('no dashboard module is in the store front first load', () => {
  const manifest = readManifest();
  const loaded = firstLoad(manifest);
  const dashboardModules = loaded.filter(
    ([key, chunk]) => key.startsWith(DASHBOARD) || chunk.src?.startsWith(DASHBOARD),
  );
  expect(dashboardModules.map(([key]) => key)).toEqual([]);

  for (const [key, chunk] of loaded) {
    const code = readFileSync(path.join(clientDir, chunk.file), 'utf8');
    const found = DASHBOARD_MARKERS.filter((marker) => code.includes(marker));
    expect(found, `${key} (${chunk.file}) holds dashboard code`).toEqual([]);
  }
  const dashboardCode = readFileSync(
    path.join(clientDir, manifest[`${DASHBOARD}dashboard-app.tsx`]!.file),
    'utf8',
  );
  expect(DASHBOARD_MARKERS.some((marker) => dashboardCode.includes(marker))).toBe(true);
});

// Texts only the libraries that a product page uses on demand hold: zod, react-hook-form, sonner
// and Radix Dialog. They load with the forms, the toasts and the dialogs, when first used.
const ON_DEMAND_MARKERS = [
  'invalid_type',
  'shouldUnregister',
  'data-sonner-toaster',
  'DialogOverlay',
];
const CATALOG_PAGES = [
  'src/client/features/home/home-view.tsx',
  'src/client/features/products/shop-view.tsx',
  'src/client/features/products/product-page.tsx',
];

test('the catalog pages load a handful of files, without the libraries used on demand', () => {
  const manifest = readManifest();
  for (const pageModule of CATALOG_PAGES) {
    expect(manifest[pageModule], `${pageModule} has a chunk`).toBeDefined();
    const loaded = firstLoad(manifest, [pageModule]);
    // About 30 small chunks once, one request each over HTTP/1.1; now the entry and its helper,
    // the app and its first load, the catalog's shared chunk and the page's own.
    expect(loaded.length, `${pageModule} first load`).toBeLessThanOrEqual(14);
    for (const [key, chunk] of loaded) {
      const code = readFileSync(path.join(clientDir, chunk.file), 'utf8');
      const found = ON_DEMAND_MARKERS.filter((marker) => code.includes(marker));
      expect(found, `${key} (${chunk.file}) in the first load of ${pageModule}`).toEqual([]);
    }
  }
  // The markers do name those libraries: each is in some chunk of the build.
  const all = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => readFileSync(path.join(clientDir, chunk.file), 'utf8'))
    .join('\n');
  for (const marker of ON_DEMAND_MARKERS) expect(all, marker).toContain(marker);
});
