import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const clientDir = process.env.E2E_CLIENT_DIR ?? path.resolve('dist/client');
const DASHBOARD = 'src/client/features/dashboard/';
// Texts written only in dashboard code: if one is in the first load, dashboard code is too.
const DASHBOARD_MARKERS = [
  'Bicycle Management',
  'Monthly Revenue',
  'Revenue (USD)',
  'Open account menu',
];

function readManifest(): Record<string, ManifestChunk> {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  expect(existsSync(file), `${file} exists (build the app first)`).toBe(true);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

/** The entry chunk and everything it imports statically: what the store front loads first. */
function firstLoad(manifest: Record<string, ManifestChunk>): [string, ManifestChunk][] {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  expect(entries.length).toBeGreaterThan(0);
  const seen = new Map<string, ManifestChunk>();
  const queue = entries.map(([key]) => key);
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
