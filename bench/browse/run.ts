/**
 * npm run bench:browse
 *
 * The public contest list under load: 10,000 contests and 100,000 entries in a real PostgreSQL 15,
 * the production bundle serving GET /api/contests with the browse page's filters, sorts, pages and
 * searches (full-text, prefix and misspelt titles). Warm-up discarded, then an open-loop run.
 * Target: p95 under 100 ms.
 *
 * Options (env): BENCH_RATE (100 requests/s), BENCH_SECONDS (30), BENCH_WARMUP_S (10).
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { CONTEST_CATEGORIES, CONTEST_SORTS, PRIZE_TYPES } from '@contesthub/shared';
import { openDatabase, queryRows, type Db } from '../../apps/server/src/db/client.js';
import { latencySummary, runOpenLoop, type Outcome } from '../lib/load.js';
import { databaseUrl, machine, startServer } from '../lib/server-process.js';

const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const CONTESTS = 10_000;
const ENTRIES = 100_000;
const JWT_SECRET = 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

// Title words: search terms below hit some, and misspellings of them exercise the trigram path.
const WORDS = [
  'Lagos',
  'Abuja',
  'Kano',
  'Enugu',
  'Ibadan',
  'Calabar',
  'Street',
  'Portrait',
  'Sunset',
  'Market',
  'Afrobeats',
  'Poetry',
  'Jollof',
  'Fashion',
  'Ankara',
  'Nollywood',
  'Highlife',
  'Skyline',
  'Harmattan',
  'Festival',
  'Drumming',
  'Comedy',
  'Dance',
  'Startup',
  'Hackathon',
  'Essay',
  'Story',
  'Sketch',
  'Mural',
  'Football',
  'Wedding',
  'Gele',
  'Suya',
  'Lekki',
];
const SEARCHES = [
  'lagos',
  'afrobeats',
  'jollof festival',
  'portrait',
  'nollywood story',
  'hackaton',
  'potrait',
  'ankra',
  'lagso street',
  'harmatan',
];

async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return databaseUrl(name);
}

/** Set-based inserts: the bench measures reads, so the data goes in as fast as PostgreSQL allows. */
async function seed(db: Db) {
  const words = sql.raw(`(array[${WORDS.map((w) => `'${w}'`).join(',')}])`);
  const categories = sql.raw(`(array[${CONTEST_CATEGORIES.map((c) => `'${c}'`).join(',')}])`);
  const prizeTypes = sql.raw(`(array[${PRIZE_TYPES.map((p) => `'${p}'`).join(',')}])`);
  await db.execute(sql`
    insert into users (full_name, username, email, password_hash, is_verified, referral_code)
    select 'Bench Person ' || i, 'bench_person_' || i, 'bench.person.' || i || '@example.test', 'x', true, 'BP' || lpad(i::text, 6, '0')
    from generate_series(1, 2000) as i`);
  await db.execute(sql`
    with people as (select array_agg(id order by email) as ids from users)
    insert into contests (organizer_id, title, description, category, status, prize_type, prize_amount, badge_title, entry_type,
      entry_review, entry_start_date, entry_end_date, voting_start_date, voting_end_date, voting_type, tags, created_at,
      total_votes)
    select people.ids[1 + (i % 200)],
      ${words}[1 + (i % 34)] || ' ' || ${words}[1 + ((i / 34) % 34)] || ' ' || ${words}[1 + ((i * 7) % 34)] || ' Contest ' || i,
      'Show us your best ' || lower(${words}[1 + ((i * 3) % 34)]) || ' work from ' || ${words}[1 + ((i * 5) % 34)] || '. Prizes, votes and glory.',
      ${categories}[1 + (i % ${sql.raw(String(CONTEST_CATEGORIES.length))})],
      (array['active','active','active','voting','voting','ended','ended','ended','ended','cancelled'])[1 + (i % 10)],
      ${prizeTypes}[1 + (i % 3)],
      case when i % 3 = 0 then 0 else (1000 + (i % 50) * 1000) * 100 end,
      case when i % 3 = 0 then 'Champion' end,
      (array['photo','video','audio','article'])[1 + (i % 4)],
      'open',
      now() + (((i % 20) - 38) || ' days')::interval,
      now() + (((i % 20) - 8) || ' days')::interval,
      now() + (((i % 20) - 8) || ' days')::interval,
      now() + (((i % 20) - 2) || ' days')::interval,
      (array['free','paid','both'])[1 + (i % 3)],
      array[lower(${words}[1 + (i % 34)]), lower(${words}[1 + ((i * 11) % 34)])],
      now() - ((i % 90) || ' days')::interval - ((i % 1440) || ' minutes')::interval,
      (i * 37) % 5000
    from generate_series(1, ${sql.raw(String(CONTESTS))}) as i, people`);
  await db.execute(sql`
    with c as (select array_agg(id order by created_at) as ids from contests),
         people as (select array_agg(id order by email) as ids from users)
    insert into entries (contest_id, participant_id, title, description, entry_type, status, votes_count, weighted_votes)
    select c.ids[1 + ((i * 7919) % ${sql.raw(String(CONTESTS))})], people.ids[1 + (i % 2000)], 'Entry ' || i, 'A bench entry',
      'photo', (array['approved','approved','approved','pending'])[1 + (i % 4)], i % 97, i % 331
    from generate_series(1, ${sql.raw(String(ENTRIES))}) as i, c, people`);
  await db.execute(sql`
    update contests set total_entries = counts.n
    from (select contest_id, count(*)::int as n from entries where status = 'approved' group by contest_id) as counts
    where counts.contest_id = contests.id`);
  // A database in service has been vacuumed by autovacuum (visibility map set, statistics fresh);
  // measure that steady state, not the first minutes after a bulk load.
  await db.execute(sql`vacuum analyze`);
  const [counts] = await queryRows<{ contests: number; entries: number }>(
    db,
    sql`select (select count(*)::int from contests) as contests, (select count(*)::int from entries) as entries`,
  );
  return counts!;
}

/** The mix of a browse session: mostly the first page, filters and sorts, some deeper pages and searches. */
function browseQuery(i: number): { path: string; tag: string } {
  const pick = <T>(list: readonly T[], salt: number) => list[(i * 31 + salt) % list.length]!;
  const r = (i * 2654435761) % 100;
  const params = new URLSearchParams();
  let tag: string;
  if (r < 25) {
    tag = 'first page';
  } else if (r < 45) {
    tag = 'filters';
    params.set('category', pick(CONTEST_CATEGORIES, 1));
    if (i % 2) params.set('status', pick(['active', 'voting', 'ended'], 2));
    if (i % 3 === 0) params.set('prizeType', pick(PRIZE_TYPES, 3));
  } else if (r < 65) {
    tag = 'sorts';
    params.set(
      'sortBy',
      pick(
        CONTEST_SORTS.filter((s) => s !== 'relevance'),
        4,
      ),
    );
    if (i % 2) params.set('status', 'active');
  } else if (r < 75) {
    tag = 'deep pages';
    params.set('page', String(2 + (i % 20)));
  } else {
    tag = 'search';
    params.set('search', pick(SEARCHES, 5));
    if (i % 2) params.set('sortBy', 'relevance');
    if (i % 4 === 0) params.set('category', pick(CONTEST_CATEGORIES, 6));
  }
  const query = params.toString();
  return { path: `/api/contests${query ? `?${query}` : ''}`, tag };
}

async function main() {
  const url = await createDatabase('bench_browse');
  const database = openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await database.migrate();
  console.log(`Seeding ${CONTESTS} contests and ${ENTRIES} entries…`);
  const counts = await seed(database.db);
  await database.close();
  if (process.env.BENCH_SEED_ONLY) {
    // For investigating plans by hand: the database stays until the wrapper stops PostgreSQL.
    console.log(`Seeded ${url}`);
    return;
  }
  const server = await startServer({ DATABASE_URL: url, JWT_SECRET });
  let outcomes: Outcome[] = [];
  try {
    const plan = (i: number) => {
      const q = browseQuery(i);
      return { method: 'GET' as const, path: q.path, tag: q.tag };
    };
    await runOpenLoop({ origin: server.origin, ratePerSecond: RATE, durationSeconds: WARMUP_S, connections: 32, plan });
    const run = await runOpenLoop({ origin: server.origin, ratePerSecond: RATE, durationSeconds: SECONDS, connections: 32, plan });
    outcomes = run.outcomes;
  } finally {
    await server.stop();
  }

  const failed = outcomes.filter((o) => o.status !== 200);
  const byTag = new Map<string, number[]>();
  for (const o of outcomes) byTag.set(o.tag as string, [...(byTag.get(o.tag as string) ?? []), o.latencyMs]);
  const overall = latencySummary(outcomes.map((o) => o.latencyMs));
  const result = {
    machine: machine(),
    data: counts,
    rate: RATE,
    seconds: SECONDS,
    requests: outcomes.length,
    failed: failed.length,
    latencyMs: overall,
    byKind: Object.fromEntries([...byTag].map(([tag, latencies]) => [tag, latencySummary(latencies)])),
    targets: { p95Under100: overall.p95 < 100, noErrors: failed.length === 0 },
  };
  console.log(JSON.stringify(result, null, 2));
  if (!Object.values(result.targets).every(Boolean)) process.exitCode = 1;
}

await main();
