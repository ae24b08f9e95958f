/**
 * The JavaScript a phone downloads for /, /shop, a product page and /dashboard: every script
 * response until the network is idle, however it was asked for (the entry, a modulepreload, a
 * dynamic import after the first paint), each body gzipped at level 9 so runs compare. The
 * manifest only says what the build names; this counts what the browser fetched.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, devices } from 'playwright-core';
import type { Manifest } from 'vite';

export interface BundleReport {
  route: string;
  jsKiB: number;
  /** The scripts' bytes as they came over the wire (the server's own compression). */
  jsWireKiB: number;
  cssKiB: number;
  /** Each script fetched and its gzip size in bytes, largest first. */
  files: { file: string; gzip: number; wire: number }[];
  /** How many scripts: each is a request, over HTTP/1.1 six at a time. */
  chunks: number;
  dashboardCodeIncluded: boolean;
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function bundleReport(
  clientDir: string,
  base: string,
  pages: [route: string, path: string][],
): Promise<BundleReport[]> {
  const manifest = JSON.parse(
    readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const dashboardFiles = new Set(
    Object.entries(manifest)
      .filter(([key]) => key.includes('features/dashboard/'))
      .map(([, chunk]) => chunk.file),
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const reports: BundleReport[] = [];
  try {
    for (const [route, address] of pages) {
      // A fresh phone each time: nothing cached from the page before.
      const context = await browser.newContext({ ...devices['Moto G4'] });
      const page = await context.newPage();
      const bodies: Promise<{ file: string; type: string; gzip: number; wire: number }>[] = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        const file = new URL(response.url()).pathname.slice(1);
        bodies.push(
          Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({
            file,
            type,
            gzip: gzipSync(body, { level: 9 }).length,
            wire: sizes.responseBodySize,
          })),
        );
      });
      await page.goto(`${base}${address}`, { waitUntil: 'networkidle' });
      const fetched = await Promise.all(bodies);
      await context.close();
      const scripts = fetched.filter((f) => f.type === 'script').sort((a, b) => b.gzip - a.gzip);
      const sum = (list: typeof fetched) => list.reduce((total, f) => total + f.gzip, 0);
      reports.push({
        route,
        jsKiB: kib(sum(scripts)),
        jsWireKiB: kib(scripts.reduce((total, f) => total + f.wire, 0)),
        cssKiB: kib(sum(fetched.filter((f) => f.type === 'stylesheet'))),
        files: scripts.map(({ file, gzip, wire }) => ({ file, gzip, wire })),
        chunks: scripts.length,
        dashboardCodeIncluded: scripts.some((f) => dashboardFiles.has(f.file)),
      });
    }
  } finally {
    await browser.close();
  }
  return reports;
}
