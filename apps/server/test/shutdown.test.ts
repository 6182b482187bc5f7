/**
 * The server always stops (issue 12 item 4): with stdout a pipe whose reader stopped reading, the
 * server keeps answering (its log never blocks it) and SIGTERM still drains and exits within 10 s.
 * A real process: `node --import tsx src/server.ts`, as `npm start` runs the built one.
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs';
import type { Readable } from 'node:stream';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, freePort } from './helpers.js';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contesthub-stop-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * stdout as a socket pair (what child_process and many supervisors hand over) or as a named pipe
 * (a shell's `|`, container runtimes): the two take different paths in lib/log-destination.ts.
 */
function stdoutOf(kind: 'socket' | 'fifo'): {
  stdio: 'pipe' | number;
  reader: (child: { stdout: Readable | null }) => Readable;
  close(): void;
} {
  if (kind === 'socket') return { stdio: 'pipe', reader: (child) => child.stdout!, close() {} };
  const fifo = path.join(dataDir, 'stdout.fifo');
  execFileSync('mkfifo', [fifo]);
  // The read end first (non-blocking, or opening would wait for a writer), then the write end.
  const readFd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const writeFd = openSync(fifo, constants.O_WRONLY);
  const stream = new net.Socket({ fd: readFd, readable: true, writable: false });
  return {
    stdio: writeFd,
    reader: () => stream,
    close() {
      closeSync(writeFd);
      stream.destroy();
    },
  };
}

// A process test, the same on either database: run once, in the PGlite pass.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('stopping', () => {
  it.each(['socket', 'fifo'] as const)(
    'answers and stops within 10 s after SIGTERM although nobody reads its stdout (%s)',
    async (kind) => {
      const port = await freePort();
      const out = stdoutOf(kind);
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'info',
          JWT_SECRET: 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
        },
        stdio: ['ignore', out.stdio, 'inherit'],
      });
      const stdout = out.reader(child);
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
      );
      try {
        // Read until it listens, then stop reading: the pipe fills up (64 KiB) and stays full.
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
          let seen = '';
          stdout.on('data', function onData(chunk: Buffer | string) {
            seen += chunk.toString();
            if (seen.includes('ContestHub is running')) {
              clearTimeout(timer);
              stdout.off('data', onData);
              stdout.pause();
              resolve();
            }
          });
        });

        // Each request logs two lines (~0.5 KB): 600 requests write ~300 KB into a full pipe.
        const base = `http://127.0.0.1:${port}`;
        const statuses: number[] = [];
        for (let round = 0; round < 30; round++) {
          const answers = await Promise.all(
            Array.from({ length: 20 }, () =>
              fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
                (r) => r.status,
                () => 0,
              ),
            ),
          );
          statuses.push(...answers);
        }
        expect(statuses.filter((s) => s === 200)).toHaveLength(600);

        const sent = Date.now();
        child.kill('SIGTERM');
        const end = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 15_000))]);
        expect(end, 'still running 15 s after SIGTERM').not.toBeNull();
        expect(end!.at - sent).toBeLessThan(10_000);
        expect(end!.code).toBe(0);
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        out.close();
      }
    },
    120_000,
  );
});

describe('readiness', () => {
  it('is ready while it serves, and answers 503 from the moment it starts draining', async () => {
    const t = await createTestApp();
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ success: true, data: { status: 'ready', db: 'ok' } });

      t.ctx.lifecycle.draining = true; // what SIGTERM does first
      const draining = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ success: false, message: 'This server is shutting down; try again' });
      // Liveness is another question: the process and its database are fine.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
