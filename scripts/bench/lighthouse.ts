/** Lighthouse 12 (mobile) on the built store, median of several runs per page. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, root } from './support.ts';

export interface LighthouseReport {
  url: string;
  throttling: Throttling;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Runs that produced a report (the median is over these). */
  runs: number;
  /**
   * Lighthouse's measure of this machine's speed (median over the runs). Simulated throttling
   * multiplies the work the page took here by 4, so a slower machine scores the same page lower:
   * figures from machines with different indexes do not compare.
   */
  benchmarkIndex: number;
  /** Why no run of this page produced a report; the figures are then NaN. */
  error?: string;
}

interface LhResult {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number }>;
  environment: { benchmarkIndex: number };
}

/** `simulate` is Lighthouse's default; `devtools` slows the real browser down instead. */
export type Throttling = 'simulate' | 'devtools';

export function lighthouse(url: string, throttling: Throttling, runs = 3): LighthouseReport {
  const chrome = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const results: LhResult[] = [];
  // Lighthouse now and then loses the trace of a load (NO_NAVSTART), or, on a busy machine, a load
  // takes too long and Chrome shows an error page ("interstitial"); such a run is measured again.
  // A page that keeps failing is reported as failed instead of ending the whole bench.
  let lastError = '';
  for (let i = 0, failures = 0; i < runs; i++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lh-'));
    const out = path.join(dir, 'report.json');
    const res = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        `--throttling-method=${throttling}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8', timeout: 180_000 },
    );
    if (res.status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      failures += 1;
      lastError = (res.stderr || res.error?.message || 'no output').trim().split('\n')[0] ?? '';
      process.stderr.write(`[bench] lighthouse failed on ${url} (${throttling}): ${lastError}\n`);
      if (failures > runs) break;
      i -= 1;
      continue;
    }
    results.push(JSON.parse(readFileSync(out, 'utf8')) as LhResult);
    rmSync(dir, { recursive: true, force: true });
  }
  if (results.length === 0) {
    return {
      url,
      throttling,
      performance: Number.NaN,
      lcpMs: Number.NaN,
      tbtMs: Number.NaN,
      cls: Number.NaN,
      runs: 0,
      benchmarkIndex: Number.NaN,
      error: lastError,
    };
  }
  const audit = (name: string) => median(results.map((r) => r.audits[name]?.numericValue ?? 0));
  return {
    url,
    throttling,
    performance: Math.round(median(results.map((r) => r.categories.performance.score)) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    runs: results.length,
    benchmarkIndex: Math.round(median(results.map((r) => r.environment.benchmarkIndex))),
  };
}
