/**
 * npm run bench:web
 *
 * Lighthouse 12 (the last version for Node 20) with its default mobile preset — a 412 px phone,
 * 4× CPU slowdown, slow 4G (150 ms round trip, 1.6 Mbps), simulated — against the production
 * build served the way `npm start` serves it (embedded database, demo data), for `/`, `/contests`
 * and a contest page. Prints performance, accessibility, largest contentful paint, layout shift and
 * the JavaScript transferred, and exits non-zero when a target is missed.
 *
 * Targets (issue 13): performance ≥ 90, accessibility 100, layout shift ≤ 0.05 on each page.
 * Options (env): BENCH_WEB_RUNS (1; the median of the runs is reported per page), BENCH_WEB_SAVE (a
 * folder: each run's full Lighthouse report is written there as JSON, with its timings, the LCP
 * element and its breakdown, for finding what a slow page waits for).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT, machine, startServer } from '../lib/server-process.js';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 1);
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SAVE_DIR = process.env.BENCH_WEB_SAVE;
let saved = 0;

interface PageFigures {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scriptKiB: number;
  totalKiB: number;
  failingA11y: string[];
  /** Lighthouse's own error for the page, if it could not measure something. */
  error?: string;
}

async function measure(url: string, port: number): Promise<PageFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  if (SAVE_DIR) {
    mkdirSync(SAVE_DIR, { recursive: true });
    const name = `${String(++saved).padStart(2, '0')}${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-')}.json`;
    writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(lhr));
  }
  const audit = (id: string) => lhr.audits[id];
  const summary = (audit('resource-summary')?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)
    ?.items;
  const bytesOf = (type: string) => summary?.find((i) => i.resourceType === type)?.transferSize ?? Number.NaN;
  const a11yRefs = lhr.categories.accessibility?.auditRefs ?? [];
  return {
    page: new URL(url).pathname,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? Number.NaN),
    cls: Math.round((audit('cumulative-layout-shift')?.numericValue ?? Number.NaN) * 1000) / 1000,
    tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? Number.NaN),
    scriptKiB: Math.round((bytesOf('script') / 1024) * 10) / 10,
    totalKiB: Math.round((bytesOf('total') / 1024) * 10) / 10,
    failingA11y: a11yRefs
      .filter((r) => r.weight > 0 && audit(r.id)?.score === 0)
      .map((r) => {
        const items =
          (audit(r.id)?.details as { items?: Array<{ node?: { snippet?: string; explanation?: string } }> } | undefined)?.items ?? [];
        const nodes = items
          .slice(0, 3)
          .map((i) => `${i.node?.snippet ?? ''} (${(i.node?.explanation ?? '').split('\n')[1]?.trim() ?? ''})`);
        return `${r.id} ×${items.length}: ${nodes.join(' | ')}`;
      }),
    ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    ...(audit('largest-contentful-paint')?.errorMessage ? { error: audit('largest-contentful-paint')!.errorMessage! } : {}),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  console.log('Building the web app and the server…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('build failed');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true', NODE_ENV: 'production' });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const results: PageFigures[] = [];
  try {
    const list = (await (await fetch(`${server.origin}/api/contests?status=voting&limit=1`)).json()) as {
      data: { contests: Array<{ _id: string }> };
    };
    const contestId = list.data.contests[0]?._id;
    if (!contestId) throw new Error('the demo data has no contest in voting');
    for (const page of ['/', '/contests', `/contest/${contestId}`]) {
      const runs: PageFigures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(`${server.origin}${page}`, chrome.port));
      const pick = (key: 'performance' | 'accessibility' | 'lcpMs' | 'cls' | 'tbtMs' | 'scriptKiB' | 'totalKiB') =>
        median(runs.map((r) => r[key]));
      const figures: PageFigures = {
        page,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        lcpMs: pick('lcpMs'),
        cls: pick('cls'),
        tbtMs: pick('tbtMs'),
        scriptKiB: pick('scriptKiB'),
        totalKiB: pick('totalKiB'),
        failingA11y: runs[0]!.failingA11y,
        ...(runs[0]!.error ? { error: runs[0]!.error } : {}),
      };
      console.log(JSON.stringify(figures));
      results.push(figures);
    }
  } finally {
    await chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const targets = Object.fromEntries(
    results.map((r) => [r.page, { performance90: r.performance >= 90, accessibility100: r.accessibility === 100, cls005: r.cls <= 0.05 }]),
  );
  console.log(JSON.stringify({ machine: machine(), runsPerPage: RUNS, targets }, null, 2));
  if (!Object.values(targets).every((t) => Object.values(t).every(Boolean))) process.exitCode = 1;
}

await main();
