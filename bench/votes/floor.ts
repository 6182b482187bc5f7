/**
 * The SQL floor of a paid vote: pgbench runs floor.sql (insert the vote, bump the entry's counter,
 * move the credits between two balances, nothing checked) against the same PostgreSQL as the vote
 * bench, at the same concurrency (the votes the server lets into the database at once), so the
 * bench can say how close a vote through the whole product comes to the least the database must do.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { latencySummary } from '../lib/load.js';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'floor.sql');

export interface FloorResult {
  clients: number;
  seconds: number;
  transactions: number;
  transactionsPerSecond: number;
  latencyMs: ReturnType<typeof latencySummary>;
}

function pgbenchBinary(): string {
  const dir = process.env.PG_BIN_DIR;
  return dir ? path.join(dir, 'pgbench') : 'pgbench';
}

async function createTables(url: string, voters: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      drop table if exists floor_votes, floor_entries, floor_balances;
      create table floor_votes (id uuid primary key default gen_random_uuid(), voter_id int not null, entry_id int not null,
        amount int not null, credit_cost bigint not null, created_at timestamptz not null default now());
      create table floor_entries (id int primary key, votes_count int not null default 0, weighted_votes int not null default 0)
        with (fillfactor = 85);
      create table floor_balances (id int primary key, balance bigint not null) with (fillfactor = 85);
      insert into floor_entries (id) select g from generate_series(1, 20) g;
      insert into floor_balances select g, 1000000000 from generate_series(1, ${voters}) g;
      insert into floor_balances select -g, 0 from generate_series(1, 16) g;`);
    await client.query('vacuum analyze floor_entries, floor_balances');
  } finally {
    await client.end();
  }
}

/** Runs floor.sql for `seconds` with `clients` connections; latencies from pgbench's per-transaction log. */
export async function runSqlFloor(url: string, opts: { clients: number; seconds: number; voters: number }): Promise<FloorResult> {
  await createTables(url, opts.voters);
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'vote-floor-'));
  try {
    const run = spawnSync(
      pgbenchBinary(),
      [
        '--no-vacuum',
        '--protocol=prepared',
        `--client=${opts.clients}`,
        '--jobs=2',
        `--time=${opts.seconds}`,
        `--define=voters=${opts.voters}`,
        `--file=${SCRIPT}`,
        '--log',
        `--log-prefix=${path.join(logDir, 'floor')}`,
        url,
      ],
      { encoding: 'utf8', cwd: logDir },
    );
    if (run.status !== 0) throw new Error(`pgbench failed (${run.status}): ${run.stderr || run.error?.message}`);
    // Each log line: client_id transaction_no time_us script_no epoch_s epoch_us
    const latencies: number[] = [];
    for (const name of readdirSync(logDir)) {
      for (const line of readFileSync(path.join(logDir, name), 'utf8').split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (Number.isFinite(micros) && micros > 0) latencies.push(micros / 1000);
      }
    }
    return {
      clients: opts.clients,
      seconds: opts.seconds,
      transactions: latencies.length,
      transactionsPerSecond: Math.round(latencies.length / opts.seconds),
      latencyMs: latencySummary(latencies),
    };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}
