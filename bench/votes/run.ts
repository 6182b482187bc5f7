/**
 * npm run bench:votes
 *
 * A deadline rush on one hot contest: thousands of voters casting free and paid votes through the
 * real HTTP API of the production bundle, against a real PostgreSQL 15 started for the run.
 *
 *   1. warm-up  10 s at 250 votes/s (discarded)
 *   2. steady   60 s at 500 votes/s: target ≥ 500 accepted votes/s with p99 < 150 ms
 *   3. burst    30 s at 2,000 votes/s (4×): every vote counted exactly once or refused with 429
 *
 * Every request carries its own Idempotency-Key. Requests that got no answer (timeout, reset) are
 * retried afterwards with the same key, as a real client would. Then the books are checked: each
 * accepted key is exactly one row in `votes`, each 429 none; entry and contest counters equal the
 * votes table; each voter's credits equal the grant minus their paid votes; platform revenue
 * equals the paid votes' cost; the whole ledger balances.
 *
 * Then, on the same PostgreSQL, the SQL floor (floor.ts): pgbench runs the minimal SQL of a paid
 * vote at the same concurrency (the votes the server lets into the database at once), and the
 * ratio of accepted votes/s to the floor's transactions/s is printed.
 *
 * Options (env): BENCH_RATE (500), BENCH_STEADY_S (60), BENCH_BURST_S (30), BENCH_WARMUP_S (10),
 * BENCH_FLOOR_S (20).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../../apps/server/src/db/client.js';
import { contests, entries, sessions, users } from '../../apps/server/src/db/schema/index.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import { signAccessToken } from '../../apps/server/src/lib/tokens.js';
import { accounts } from '../../apps/server/src/modules/ledger/accounts.js';
import { checkLedgerIntegrity, post } from '../../apps/server/src/modules/ledger/ledger.js';
import { VOTES_IN_FLIGHT } from '../../apps/server/src/modules/votes/votes.routes.js';
import { latencySummary, runOpenLoop, type Outcome } from '../lib/load.js';
import { databaseUrl, machine, startServer } from '../lib/server-process.js';
import { runSqlFloor } from './floor.js';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const STEADY_S = Number(process.env.BENCH_STEADY_S ?? 60);
const BURST_S = Number(process.env.BENCH_BURST_S ?? 30);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const FLOOR_S = Number(process.env.BENCH_FLOOR_S ?? 20);
const WARMUP_RATE = Math.round(RATE / 2);
const BURST_RATE = RATE * 4;

/** Per voter and contest: 2 free votes then 8 paid ones (maxVotesPerUser 10). */
const FREE_PER_VOTER = 2;
const VOTES_PER_VOTER = 10;
const VOTING_FEE_UNITS = 1000; // 10 credits
const GRANT_UNITS = 100 * 100; // 100 credits: 8 paid votes cost 80
const ENTRY_COUNT = 20;
const JWT_SECRET = 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

interface SeededVoter {
  id: string;
  sessionId: string;
}

interface Voter {
  id: string;
  token: string;
}

interface VoteTag {
  key: string;
  voter: Voter;
  entryId: string;
  voteType: 'free' | 'paid';
}

async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return databaseUrl(name);
}

async function seed(db: Db, voterCount: number) {
  const passwordHash = await hashPassword('Bench1234!');
  const at = Date.now();
  const person = (i: number, label: string) => ({
    fullName: `Bench ${label} ${i}`,
    username: `bench_${label}_${i}`,
    email: `bench.${label}.${i}@example.test`,
    passwordHash,
    isVerified: true,
    emailVerifiedAt: new Date(at),
    referralCode: `B${label[0]!.toUpperCase()}${i.toString(36).toUpperCase().padStart(6, '0')}`,
  });

  const [organizer] = await db.insert(users).values(person(0, 'organizer')).returning({ id: users.id });
  const [contest] = await db
    .insert(contests)
    .values({
      organizerId: organizer!.id,
      title: 'Deadline rush',
      description: 'A hot contest in its last hours of voting',
      category: 'photography',
      status: 'voting',
      prizeType: 'badge',
      badgeTitle: 'Rush winner',
      entryType: 'photo',
      entryReview: 'open',
      entryStartDate: new Date(at - 5 * 86_400_000),
      entryEndDate: new Date(at - 86_400_000),
      votingStartDate: new Date(at - 86_400_000),
      votingEndDate: new Date(at + 3 * 3_600_000),
      votingType: 'both',
      votingFeeAmount: VOTING_FEE_UNITS,
      freeVotesPerUser: FREE_PER_VOTER,
      maxVotesPerUser: VOTES_PER_VOTER,
    })
    .returning({ id: contests.id });

  const participants = await db
    .insert(users)
    .values(Array.from({ length: ENTRY_COUNT }, (_, i) => person(i, 'participant')))
    .returning({ id: users.id });
  const entryRows = await db
    .insert(entries)
    .values(
      participants.map((p, i) => ({
        contestId: contest!.id,
        participantId: p.id,
        title: `Entry ${i + 1}`,
        description: 'A photo',
        entryType: 'photo' as const,
        status: 'approved' as const,
      })),
    )
    .returning({ id: entries.id });

  const voters: SeededVoter[] = [];
  const BATCH = 500;
  for (let start = 0; start < voterCount; start += BATCH) {
    const rows = await db
      .insert(users)
      .values(Array.from({ length: Math.min(BATCH, voterCount - start) }, (_, k) => person(start + k, 'voter')))
      .returning({ id: users.id });
    const sessionRows = await db
      .insert(sessions)
      .values(rows.map((r) => ({ userId: r.id, expiresAt: new Date(at + 86_400_000), userAgent: 'bench' })))
      .returning({ id: sessions.id, userId: sessions.userId });
    await db.transaction((tx) =>
      post(tx, {
        reference: `bench:grant:${start}`,
        kind: 'promotional_credit',
        description: 'Bench credits',
        lines: [
          { account: accounts.promotions(), amount: -GRANT_UNITS * rows.length },
          ...rows.map((r) => ({ account: accounts.userCredits(r.id), amount: GRANT_UNITS })),
        ],
      }),
    );
    for (const s of sessionRows) voters.push({ id: s.userId, sessionId: s.id });
  }
  return { contestId: contest!.id, entryIds: entryRows.map((e) => e.id), voters };
}

/** Access tokens are short-lived (15 min): sign them just before each phase. */
async function signTokens(voters: SeededVoter[]): Promise<Voter[]> {
  const signed: Voter[] = [];
  for (const v of voters) {
    signed.push({ id: v.id, token: await signAccessToken(JWT_SECRET, { sub: v.id, sid: v.sessionId, role: 'user' }, new Date()) });
  }
  return signed;
}

/** Votes concentrate on the front-runners, as they do in a real rush: 40% on the top three. */
function pickEntry(entryIds: string[], i: number): string {
  const r = (i * 2654435761) % 1000;
  return r < 400 ? entryIds[r % 3]! : entryIds[3 + (r % (entryIds.length - 3))]!;
}

/**
 * Request i goes to voter i mod N, as that voter's (i div N)-th vote, so one voter's votes are far
 * apart and each voter casts exactly 2 free then 8 paid votes at most.
 */
function planner(contestId: string, entryIds: string[], voters: Voter[]) {
  return (i: number) => {
    const voter = voters[i % voters.length]!;
    const nth = Math.floor(i / voters.length);
    if (nth >= VOTES_PER_VOTER) return undefined;
    const voteType: 'free' | 'paid' = nth < FREE_PER_VOTER ? 'free' : 'paid';
    const entryId = pickEntry(entryIds, i);
    const key = randomUUID();
    return {
      method: 'POST' as const,
      path: '/api/votes',
      headers: { authorization: `Bearer ${voter.token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ contestId, entryId, voteType, amount: 1 }),
      tag: { key, voter, entryId, voteType } satisfies VoteTag,
    };
  };
}

function report(label: string, outcomes: Outcome[], elapsedMs: number) {
  const byStatus: Record<string, number> = {};
  for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
  const accepted = outcomes.filter((o) => o.status === 201);
  const seconds = elapsedMs / 1000;
  const summary = {
    phase: label,
    offered: outcomes.length,
    statuses: byStatus,
    acceptedPerSecond: Math.round(accepted.length / seconds),
    seconds: Math.round(seconds * 10) / 10,
    acceptedLatencyMs: latencySummary(accepted.map((o) => o.latencyMs)),
    allLatencyMs: latencySummary(outcomes.map((o) => o.latencyMs)),
  };
  console.log(JSON.stringify(summary));
  return summary;
}

async function retryUnanswered(origin: string, contestId: string, outcomes: Outcome[]) {
  const unanswered = outcomes.filter((o) => o.status === 0 || o.status >= 500);
  for (const o of unanswered) {
    const tag = o.tag as VoteTag;
    const res = await fetch(`${origin}/api/votes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tag.voter.token}`, 'content-type': 'application/json', 'idempotency-key': tag.key },
      body: JSON.stringify({ contestId, entryId: tag.entryId, voteType: tag.voteType, amount: 1 }),
    });
    await res.text();
    o.status = res.status === 200 ? 201 : res.status; // 200 = the first attempt had counted
  }
  return unanswered.length;
}

/**
 * The contest's totals follow the votes from their events (contest-totals.subscriber.ts): waits
 * until they equal the votes table (at most 60 s) and answers how long that took.
 */
async function contestTotalsSettled(db: Db, contestId: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const [row] = await queryRows<{ ok: boolean }>(
      db,
      sql`select c.total_votes = (select coalesce(sum(weighted_total), 0) from votes where contest_id = c.id and is_active)
            and c.total_voters = (select count(distinct voter_id) from votes where contest_id = c.id and is_active) as ok
          from contests c where c.id = ${contestId}`,
    );
    if (row?.ok) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

async function verify(db: Db, contestId: string, outcomes: Outcome[], grantedVoters: number) {
  const problems: string[] = [];
  const rows = await queryRows<{ key: string; n: number }>(
    db,
    sql`select idempotency_key as key, count(*)::int as n from votes where contest_id = ${contestId} group by idempotency_key`,
  );
  const counted = new Map(rows.map((r) => [r.key, r.n]));
  let accepted = 0;
  let refused429 = 0;
  for (const o of outcomes) {
    const { key } = o.tag as VoteTag;
    const n = counted.get(key) ?? 0;
    if (o.status === 201) {
      accepted += 1;
      if (n !== 1) problems.push(`accepted vote ${key} is in the votes table ${n} times`);
    } else if (o.status === 429) {
      refused429 += 1;
      if (n !== 0) problems.push(`vote ${key} was refused with 429 but counted ${n} times`);
    } else {
      problems.push(`vote ${key} ended with status ${o.status}`);
    }
  }
  const totalVotes = [...counted.values()].reduce((a, b) => a + b, 0);
  if (totalVotes !== accepted) problems.push(`votes table holds ${totalVotes} votes, clients were told ${accepted}`);

  const [counters] = await queryRows<{ ok: boolean; detail: string }>(
    db,
    sql`with v as (
          select entry_id, sum(amount)::int as amount, sum(weighted_total)::int as weighted
          from votes where contest_id = ${contestId} and is_active group by entry_id)
        select bool_and(e.votes_count = coalesce(v.amount, 0) and e.weighted_votes = coalesce(v.weighted, 0)) as ok,
          string_agg(case when e.votes_count <> coalesce(v.amount, 0) then e.id::text end, ',') as detail
        from entries e left join v on v.entry_id = e.id where e.contest_id = ${contestId}`,
  );
  if (!counters?.ok) problems.push(`entry counters differ from the votes table: ${counters?.detail}`);

  const [contestTotals] = await queryRows<{ ok: boolean }>(
    db,
    sql`select c.total_votes = (select coalesce(sum(weighted_total), 0) from votes where contest_id = c.id and is_active)
          and c.total_voters = (select count(distinct voter_id) from votes where contest_id = c.id and is_active) as ok
        from contests c where c.id = ${contestId}`,
  );
  if (!contestTotals?.ok) problems.push('contest totals differ from the votes table');

  const [credits] = await queryRows<{ bad: number }>(
    db,
    sql`select count(*)::int as bad from ledger_accounts a
        left join (select voter_id, sum(credit_cost)::bigint as spent from votes where contest_id = ${contestId} group by voter_id) s
          on s.voter_id = a.owner_user_id
        where a.kind = 'user_credits' and a.balance <> ${GRANT_UNITS} - coalesce(s.spent, 0)`,
  );
  if ((credits?.bad ?? 0) !== 0) problems.push(`${credits?.bad} voters' credits differ from grant minus paid votes`);

  const [revenue] = await queryRows<{ revenue: string; spent: string }>(
    db,
    sql`select (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'platform_revenue' and asset = 'CREDIT')::text as revenue,
          (select coalesce(sum(credit_cost), 0) from votes where contest_id = ${contestId})::text as spent`,
  );
  if (revenue?.revenue !== revenue?.spent) problems.push(`platform revenue ${revenue?.revenue} ≠ paid votes ${revenue?.spent}`);

  const integrity = await checkLedgerIntegrity(db);
  problems.push(...integrity.problems);
  return { problems, accepted, refused429, votesInTable: totalVotes, voters: grantedVoters };
}

async function main() {
  const warmupVotes = WARMUP_RATE * WARMUP_S;
  const steadyVotes = RATE * STEADY_S;
  const burstVotes = BURST_RATE * BURST_S;
  // Each phase has its own voters so per-voter limits never refuse a planned vote.
  const pools = [warmupVotes, steadyVotes, burstVotes].map((n) => Math.ceil(n / VOTES_PER_VOTER));
  const url = await createDatabase('bench_votes');
  const database = openDatabase({ kind: 'postgres', url, poolSize: 4 });
  await database.migrate();
  console.log(`Seeding ${pools.reduce((a, b) => a + b, 0)} voters…`);
  const seeded = await seed(
    database.db,
    pools.reduce((a, b) => a + b, 0),
  );
  const server = await startServer({ DATABASE_URL: url, JWT_SECRET });
  const all: Outcome[] = [];
  const results: ReturnType<typeof report>[] = [];
  try {
    let offset = 0;
    const phases: Array<[string, number, number, number]> = [
      ['warm-up (discarded)', WARMUP_RATE, WARMUP_S, pools[0]!],
      ['steady', RATE, STEADY_S, pools[1]!],
      ['burst 4x', BURST_RATE, BURST_S, pools[2]!],
    ];
    for (const [label, rate, seconds, size] of phases) {
      const voters = await signTokens(seeded.voters.slice(offset, offset + size));
      offset += size;
      const run = await runOpenLoop({
        origin: server.origin,
        ratePerSecond: rate,
        durationSeconds: seconds,
        connections: 128,
        plan: planner(seeded.contestId, seeded.entryIds, voters),
        timeoutMs: 15_000,
      });
      results.push(report(label, run.outcomes, run.elapsedMs));
      const retried = await retryUnanswered(server.origin, seeded.contestId, run.outcomes);
      if (retried) console.log(`${label}: ${retried} unanswered votes retried with their Idempotency-Key`);
      all.push(...run.outcomes);
    }
    const lagMs = await contestTotalsSettled(database.db, seeded.contestId);
    console.log(`contest totals caught up with the votes ${lagMs} ms after the last vote`);
  } finally {
    await server.stop();
  }
  const books = await verify(database.db, seeded.contestId, all, seeded.voters.length);
  await database.close();

  const steady = results[1]!;
  const burst = results[2]!;
  console.log(`SQL floor: pgbench, ${VOTES_IN_FLIGHT} clients, ${FLOOR_S} s…`);
  const floor = await runSqlFloor(url, { clients: VOTES_IN_FLIGHT, seconds: FLOOR_S, voters: seeded.voters.length });
  const ratio = (n: number) => Math.round((n / floor.transactionsPerSecond) * 1000) / 1000;
  console.log(
    JSON.stringify({
      phase: 'SQL floor (pgbench)',
      ...floor,
      steadyVotesToFloor: ratio(steady.acceptedPerSecond),
      burstVotesToFloor: ratio(burst.acceptedPerSecond),
    }),
  );

  const targets = {
    steadyAcceptedPerSecond: steady.acceptedPerSecond >= RATE,
    steadyP99Under150: steady.acceptedLatencyMs.p99 < 150,
    // verify() flags any vote that ended other than 201 (counted once) or 429 (not counted).
    everyVoteCountedOnceOr429: books.problems.length === 0,
  };
  console.log(JSON.stringify({ machine: machine(), targets, books }, null, 2));
  if (!Object.values(targets).every(Boolean)) process.exitCode = 1;
}

await main();
