/**
 * Starts the production bundle (apps/server/dist/server.js, built first when missing or older than
 * its sources) against a PostgreSQL database, and stops it again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_DIST = path.join(ROOT, 'apps/server/dist/server.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, name.name);
    newest = Math.max(newest, name.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function ensureServerBuilt(): void {
  const sources = Math.max(newestMtime(path.join(ROOT, 'apps/server/src')), newestMtime(path.join(ROOT, 'packages/shared/src')));
  if (existsSync(SERVER_DIST) && statSync(SERVER_DIST).mtimeMs >= sources) return;
  console.log('Building the server bundle…');
  const built = spawnSync('npm', ['run', 'build', '-w', '@contesthub/server'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('server build failed');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  origin: string;
  /** The server's process id (for its memory: ps). */
  pid: number;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  ensureServerBuilt();
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=prof".
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, SERVER_DIST], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The database URL the with-postgres wrapper gives, with another database name. */
export function databaseUrl(name: string): string {
  const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base) throw new Error('Run through `npm run bench:…` (scripts/with-postgres.mjs provides TEST_DATABASE_URL)');
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.availableParallelism()} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}
