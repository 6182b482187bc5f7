// `npm test`: every check the project has, in the order a failure is cheapest to find.
// It installs what it needs (npm dependencies, Chromium, PostgreSQL 15) when missing.
import { performance } from 'node:perf_hooks';
import { ensureAptBinary, ensureBuilt, ensureDependencies, log, run, runNpm } from './lib.mjs';

const timings = [];
function step(name, fn) {
  log(`== ${name}`);
  const t0 = performance.now();
  fn();
  timings.push([name, ((performance.now() - t0) / 1000).toFixed(1)]);
}

step('dependencies', () => {
  ensureDependencies();
  ensureAptBinary('/usr/bin/chromium', 'chromium');
});
step('lint', () => runNpm(['run', 'lint']));
step('format', () => runNpm(['run', 'format:check']));
step('typecheck', () => runNpm(['run', 'typecheck']));
step('unit and server tests (embedded PGlite)', () => runNpm(['run', 'test:unit']));
step('server tests (PostgreSQL 15)', () => runNpm(['run', 'test:pg']));
step('fuzz suite (PGlite, then PostgreSQL 15)', () => runNpm(['run', 'test:fuzz']));
step('build', () => ensureBuilt({ force: true }));
step('browser tests (Playwright, Chromium)', () => run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts']));

log('All checks passed:');
for (const [name, seconds] of timings) log(`  ${name.padEnd(44)} ${seconds}s`);
