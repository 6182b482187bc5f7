// Helpers shared by the start and test scripts. Node builtins only: these run before `npm ci`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function log(message) {
  console.log(`\x1b[36m[contesthub]\x1b[0m ${message}`);
}

/** Runs a command in the repo root with inherited output; exits the script when it fails. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  if (res.status !== 0) {
    log(`${[cmd, ...args].join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

export const runNpm = (args, opts) => run(npm, args, opts);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('Installing dependencies (npm ci)...');
  runNpm(['ci', '--no-audit', '--no-fund']);
}

/** Builds the web app and the server when any source is newer than the last build. */
export function ensureBuilt({ force = false } = {}) {
  const outputs = [path.join(root, 'apps/web/dist/index.html'), path.join(root, 'apps/server/dist/server.js')];
  const built = Math.min(...outputs.map((o) => (existsSync(o) ? statSync(o).mtimeMs : 0)));
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/server/src',
    'apps/server/build.mjs',
    'packages/shared/src',
    'package-lock.json',
  ];
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (!force && built > 0 && built >= newest) return;
  log('Building the web app and the server...');
  runNpm(['run', 'build']);
}

/** Installs a Debian package as root when a binary is missing (CI and fresh machines). */
export function ensureAptBinary(binary, pkg) {
  if (existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    log(`${binary} is missing; install it with: sudo apt-get install -y ${pkg}`);
    process.exit(1);
  }
  log(`Installing ${pkg} from Debian packages...`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', pkg], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Starts a long-running child, forwarding SIGINT/SIGTERM, and mirrors its exit code. */
export function runForeground(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
