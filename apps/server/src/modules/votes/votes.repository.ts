/**
 * Every statement that writes the votes table, and the vote counters it keeps on entries and
 * contests (they always equal the active votes): the cast's read and its one write statement, the
 * removal, a cancellation's voiding. Reads for the answers are in vote-reads.repository.ts. Other
 * modules read votes through the functions of these two files.
 */
import { and, asc, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { VoteType } from '@contesthub/shared';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { contests, entries, ledgerAccounts, votes } from '../../db/schema/index.js';
import { eventInsertSql, type PendingEvent } from '../../lib/events/index.js';

export type VoteRow = typeof votes.$inferSelect;

// ---------- the voter's lock and usage ----------

const VOTE_LOCK_NAMESPACE = 727_201;

/** Serialises one voter's vote-changing transactions (see cast-vote.ts). */
export async function lockVoter(tx: Tx, voterId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(VOTE_LOCK_NAMESPACE))}, hashtext(${voterId}))`);
}

const num = (q: SQL) => sql<number>`${q}`.mapWith(Number);

/** The voter's active votes in a contest, summed (optionally of one type). */
export const usedIn = (contestId: string, voterId: string, type?: VoteType) =>
  num(sql`(select coalesce(sum(v.amount), 0)::int from ${votes} v
    where v.contest_id = ${contestId} and v.voter_id = ${voterId} and v.is_active ${type ? sql`and v.vote_type = ${type}` : sql``})`);

/** The voter's active free votes since `since` (the start of the WAT day, vote-limits.ts). */
export const freeVotesSince = (voterId: string, since: Date) =>
  num(sql`(select coalesce(sum(v.amount), 0)::int from ${votes} v
    where v.voter_id = ${voterId} and v.vote_type = 'free' and v.is_active and v.created_at >= ${since.toISOString()}::timestamptz)`);

// ---------- cast ----------

/**
 * One plain statement (no row lock): the contest's voting settings, the entry, the idempotency
 * key's earlier vote, the voter's usage and (for a paid vote) their credit units. Undefined when
 * the contest does not exist.
 */
export async function readCastContext(
  tx: Tx,
  q: { contestId: string; entryId: string; voterId: string; idempotencyKey?: string | undefined; dayStart: Date; creditsAccount?: string },
) {
  const { voterId, idempotencyKey } = q;
  const [s] = await tx
    .select({
      contest: {
        id: contests.id,
        status: contests.status,
        entryStartDate: contests.entryStartDate,
        entryEndDate: contests.entryEndDate,
        votingStartDate: contests.votingStartDate,
        votingEndDate: contests.votingEndDate,
        votingType: contests.votingType,
        votingFeeAmount: contests.votingFeeAmount,
        freeVotesPerUser: contests.freeVotesPerUser,
        maxVotesPerUser: contests.maxVotesPerUser,
      },
      entry: { id: entries.id, contestId: entries.contestId, participantId: entries.participantId, status: entries.status },
      replayId: idempotencyKey
        ? sql<string | null>`(select v.id from ${votes} v where v.voter_id = ${voterId} and v.idempotency_key = ${idempotencyKey})`
        : sql<string | null>`null`,
      usedTotal: usedIn(q.contestId, voterId),
      usedFree: usedIn(q.contestId, voterId, 'free'),
      freeToday: freeVotesSince(voterId, q.dayStart),
      creditUnits: q.creditsAccount
        ? num(sql`coalesce((select a.balance from ${ledgerAccounts} a where a.code = ${q.creditsAccount}), 0)::text`)
        : num(sql`0`),
    })
    .from(contests)
    .leftJoin(entries, eq(entries.id, q.entryId))
    .where(eq(contests.id, q.contestId));
  return s;
}

export interface CastWrite {
  voteId: string;
  contestId: string;
  entryId: string;
  voterId: string;
  voteType: VoteType;
  amount: number;
  weightedTotal: number;
  creditCost: number;
  idempotencyKey: string;
  /** Counts the voter among the contest's voters (their first active vote there). */
  firstVote: boolean;
  at: Date;
}

/**
 * The cast's ONE statement (data-modifying CTEs): the contest's counters, only while it is still in
 * its voting window, then, reading that result, the entry's counters (so the contest row is always
 * locked before the entry row), then the vote, then `event` (the outbox row), only if the vote was
 * inserted. `open` is 0 when the contest left its window; null counters mean the entry is no longer
 * approved.
 */
export async function writeCast(tx: Tx, w: CastWrite, event: PendingEvent) {
  const atIso = w.at.toISOString();
  const [written] = await queryRows<{ votesCount: number | null; weightedVotes: number | null; open: number }>(
    tx,
    sql`with c as (
          update ${contests} set total_votes = total_votes + ${w.weightedTotal}, total_voters = total_voters + ${w.firstVote ? 1 : 0}
          where id = ${w.contestId} and status in ('active', 'voting')
            and voting_start_date <= ${atIso}::timestamptz and voting_end_date > ${atIso}::timestamptz
          returning id
        ), e as (
          update ${entries} set votes_count = votes_count + ${w.amount}, weighted_votes = weighted_votes + ${w.weightedTotal}
          where id = ${w.entryId} and status = 'approved' and exists (select 1 from c)
          returning votes_count, weighted_votes
        ), v as (
          insert into ${votes} (id, contest_id, entry_id, voter_id, vote_type, amount, weighted_total, credit_cost, idempotency_key, created_at)
          values (${w.voteId}, ${w.contestId}, ${w.entryId}, ${w.voterId}, ${w.voteType}, ${w.amount}, ${w.weightedTotal}, ${w.creditCost},
            ${w.idempotencyKey}, ${atIso}::timestamptz)
          returning id
        ), ev as (
          ${eventInsertSql(event, sql`exists (select 1 from v)`)}
        )
        select (select votes_count from e) as "votesCount", (select weighted_votes from e) as "weightedVotes",
          (select count(*) from c)::int as "open", (select count(*) from v)::int as "inserted"`,
  );
  return written;
}

export async function findVote(db: DbOrTx, voteId: string): Promise<VoteRow | undefined> {
  const [row] = await db.select().from(votes).where(eq(votes.id, voteId));
  return row;
}

/** An entry's vote counters (undefined when the entry is gone). */
export async function entryCounters(db: DbOrTx, entryId: string) {
  const [row] = await db
    .select({ votesCount: entries.votesCount, weightedVotes: entries.weightedVotes })
    .from(entries)
    .where(eq(entries.id, entryId));
  return row;
}

// ---------- removal ----------

/** Who cast a vote and in which contest (read before the removal takes its locks). */
export async function voteOwner(db: DbOrTx, voteId: string) {
  const [row] = await db.select({ voterId: votes.voterId, contestId: votes.contestId }).from(votes).where(eq(votes.id, voteId));
  return row;
}

/** The contest row FOR NO KEY UPDATE: a vote's removal takes it before any entry row, as casting and cancelling do. */
export async function lockContestForVotes(tx: Tx, contestId: string) {
  const [row] = await tx.select().from(contests).where(eq(contests.id, contestId)).for('no key update');
  return row;
}

/** Deactivates an active vote; undefined when it was not active. */
export async function deactivateVote(tx: Tx, voteId: string): Promise<VoteRow | undefined> {
  const [row] = await tx
    .update(votes)
    .set({ isActive: false })
    .where(and(eq(votes.id, voteId), eq(votes.isActive, true)))
    .returning();
  return row;
}

/** Takes a removed vote off its entry's counters; returns them. */
export async function lowerEntryCounters(tx: Tx, vote: Pick<VoteRow, 'entryId' | 'amount' | 'weightedTotal'>) {
  const [row] = await tx
    .update(entries)
    .set({
      votesCount: sql`${entries.votesCount} - ${vote.amount}`,
      weightedVotes: sql`${entries.weightedVotes} - ${vote.weightedTotal}`,
    })
    .where(eq(entries.id, vote.entryId))
    .returning({ votesCount: entries.votesCount, weightedVotes: entries.weightedVotes });
  return row;
}

/** Active votes of a voter in a contest. */
export async function activeVotesOf(tx: Tx, contestId: string, voterId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(votes)
    .where(and(eq(votes.contestId, contestId), eq(votes.voterId, voterId), eq(votes.isActive, true)));
  return row?.n ?? 0;
}

/** Takes a removed vote off its contest's counters, and its voter off the voters when it was their last. */
export async function lowerContestCounters(tx: Tx, contestId: string, weightedTotal: number, lastOfVoter: boolean): Promise<void> {
  await tx
    .update(contests)
    .set({
      totalVotes: sql`${contests.totalVotes} - ${weightedTotal}`,
      ...(lastOfVoter ? { totalVoters: sql`${contests.totalVoters} - 1` } : {}),
    })
    .where(eq(contests.id, contestId));
}

// ---------- a cancelled contest ----------

/** Active paid votes of a contest, oldest first. */
export async function activePaidVotes(tx: Tx, contestId: string) {
  return tx
    .select({ id: votes.id, voterId: votes.voterId, entryId: votes.entryId, creditCost: votes.creditCost })
    .from(votes)
    .where(and(eq(votes.contestId, contestId), eq(votes.isActive, true), gt(votes.creditCost, 0)))
    .orderBy(asc(votes.createdAt), asc(votes.id));
}

/** Deactivates every active vote of a contest and sets its counters (contest and entries) to zero. */
export async function deactivateContestVotes(tx: Tx, contestId: string): Promise<void> {
  await tx
    .update(votes)
    .set({ isActive: false })
    .where(and(eq(votes.contestId, contestId), eq(votes.isActive, true)));
  await tx.update(entries).set({ votesCount: 0, weightedVotes: 0 }).where(eq(entries.contestId, contestId));
  await tx.update(contests).set({ totalVotes: 0, totalVoters: 0 }).where(eq(contests.id, contestId));
}

/** A contest's active votes by type (votes, weighted, credit units) and its distinct voters. */
export async function contestVoteTotals(db: DbOrTx, contestId: string) {
  const active = and(eq(votes.contestId, contestId), eq(votes.isActive, true));
  const [byType, [voters]] = await Promise.all([
    db
      .select({
        voteType: votes.voteType,
        votes: sql<number>`coalesce(sum(${votes.amount}), 0)`.mapWith(Number),
        weighted: sql<number>`coalesce(sum(${votes.weightedTotal}), 0)`.mapWith(Number),
        creditUnits: sql<number>`coalesce(sum(${votes.creditCost}), 0)`.mapWith(Number),
      })
      .from(votes)
      .where(active)
      .groupBy(votes.voteType),
    db
      .select({ n: sql<number>`count(distinct ${votes.voterId})`.mapWith(Number) })
      .from(votes)
      .where(active),
  ]);
  const of = (t: 'free' | 'paid') => byType.find((r) => r.voteType === t) ?? { votes: 0, weighted: 0, creditUnits: 0 };
  return { free: of('free'), paid: of('paid'), uniqueVoters: voters?.n ?? 0 };
}
