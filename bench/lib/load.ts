/**
 * An open-loop load generator: requests are *scheduled* at a fixed rate whatever the server does,
 * and each latency is measured from the scheduled start, so a stalled server shows up as latency
 * instead of silently lowering the offered load (no coordinated omission).
 */
import { Pool } from 'undici';

export interface PlannedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Anything the caller wants back with the outcome (e.g. the vote it stands for). */
  tag?: unknown;
}

export interface Outcome {
  tag: unknown;
  /** HTTP status, or 0 when the request failed without an answer (timeout, reset). */
  status: number;
  latencyMs: number;
  body?: string;
}

export interface RunOptions {
  origin: string;
  ratePerSecond: number;
  durationSeconds: number;
  connections: number;
  /** The i-th request of the run; return undefined to stop early. */
  plan: (i: number) => PlannedRequest | undefined;
  /** Keep response bodies (only for small answers you need to inspect). */
  keepBodies?: (status: number) => boolean;
  timeoutMs?: number;
}

export async function runOpenLoop(options: RunOptions): Promise<{ outcomes: Outcome[]; elapsedMs: number; offered: number }> {
  const pool = new Pool(options.origin, {
    connections: options.connections,
    pipelining: 1,
    headersTimeout: options.timeoutMs ?? 10_000,
    bodyTimeout: options.timeoutMs ?? 10_000,
  });
  const outcomes: Outcome[] = [];
  const inFlight: Promise<void>[] = [];
  const total = Math.round(options.ratePerSecond * options.durationSeconds);
  const intervalMs = 1000 / options.ratePerSecond;
  const started = performance.now();
  let offered = 0;

  const fire = (request: PlannedRequest, scheduledAt: number) =>
    pool
      .request({ method: request.method, path: request.path, headers: request.headers, body: request.body })
      .then(async (res) => {
        const text = await res.body.text();
        outcomes.push({
          tag: request.tag,
          status: res.statusCode,
          latencyMs: performance.now() - scheduledAt,
          body: options.keepBodies?.(res.statusCode) ? text : undefined,
        });
      })
      .catch(() => {
        outcomes.push({ tag: request.tag, status: 0, latencyMs: performance.now() - scheduledAt });
      });

  for (let i = 0; i < total; i += 1) {
    const scheduledAt = started + i * intervalMs;
    const wait = scheduledAt - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const request = options.plan(i);
    if (!request) break;
    offered += 1;
    inFlight.push(fire(request, scheduledAt));
  }
  await Promise.all(inFlight);
  const elapsedMs = performance.now() - started;
  await pool.close();
  return { outcomes, elapsedMs, offered };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export function latencySummary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}
