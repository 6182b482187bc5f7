#!/usr/bin/env node
/**
 * node scripts/with-postgres.mjs <command> [args...]
 *
 * Runs <command> against a throwaway PostgreSQL server: initdb into a temp dir, start on a free
 * loopback port (trust auth, unix socket inside the temp dir), run the command with
 * TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres, then stop the server and delete
 * the temp dir, also on Ctrl-C. Exits with the command's exit code. Node builtins only.
 *
 * Binaries come from /usr/lib/postgresql/<version>/bin (Debian layout); when missing, the
 * `postgresql` package is installed with apt-get (needs root). initdb and postgres run as the
 * `postgres` user when this script runs as root (PostgreSQL refuses to run as root).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chownSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PG_ROOT = '/usr/lib/postgresql';
const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function log(message) {
  console.error(`[with-postgres] ${message}`);
}

function findBinDir() {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'postgres')) && existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? path.join(PG_ROOT, versions[0], 'bin') : undefined;
}

function installPostgres() {
  if (!isRoot) throw new Error(`PostgreSQL is not installed under ${PG_ROOT} and this script is not root: install the postgresql package`);
  log('PostgreSQL not found: installing the postgresql package with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { stdio: 'inherit', env });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    if (install().status !== 0) throw new Error('apt-get install postgresql failed');
  }
}

/** Run a PostgreSQL binary as the postgres user (when root) and fail loudly with its output. */
function runAsPostgres(bin, args, options = {}) {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

let binDir = findBinDir();
if (!binDir) {
  installPostgres();
  binDir = findBinDir();
  if (!binDir) throw new Error(`no PostgreSQL binaries under ${PG_ROOT} after installing`);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'contesthub-pg-'));
const dataDir = path.join(tmp, 'data');
const logFile = path.join(tmp, 'postgres.log');
let started = false;
let cleanedUp = false;

function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (started) {
    try {
      runAsPostgres(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
    } catch (err) {
      log(`pg_ctl stop failed: ${err.stderr || err.message}`);
    }
  }
  rmSync(tmp, { recursive: true, force: true });
}

function fail(err) {
  log(err instanceof Error ? err.message : String(err));
  if (err && typeof err === 'object' && 'stderr' in err && err.stderr) console.error(String(err.stderr));
  if (existsSync(logFile)) console.error(readFileSync(logFile, 'utf8'));
  cleanup();
  process.exit(1);
}

let port;
try {
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(tmp, uid, gid);
  }
  runAsPostgres(path.join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
    '--no-instructions',
  ]);
  port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    `-k ${tmp}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=200',
    // A throwaway server: durability is irrelevant, speed is not.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  started = true;
  // -w waits until the server accepts connections.
  runAsPostgres(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
  // The migrations need pg_trgm (contrib); say so clearly instead of failing inside a test.
  const available = runAsPostgres(path.join(binDir, 'psql'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-d',
    'postgres',
    '-tAc',
    "select count(*) from pg_available_extensions where name = 'pg_trgm'",
  ]).trim();
  if (available !== '1') throw new Error('the pg_trgm extension is not available on this PostgreSQL (install the contrib package)');
} catch (err) {
  fail(err);
}

const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
const version = runAsPostgres(path.join(binDir, 'postgres'), ['--version']).trim();
log(`${version} on 127.0.0.1:${port} (data in ${dataDir})`);

const rootBin = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));
const child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, PG_BIN_DIR: binDir, PATH: `${rootBin}${path.delimiter}${process.env.PATH ?? ''}` },
});

// Ctrl-C reaches the child through the terminal's process group; forward other stops explicitly.
// Either way we wait for the child to exit and then clean up.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (err) => {
  log(`could not run ${command[0]}: ${err.message}`);
  cleanup();
  process.exit(127);
});

child.on('exit', (code, signal) => {
  cleanup();
  if (interrupted) log('interrupted: server stopped and temp dir removed');
  process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 1) : 1));
});
