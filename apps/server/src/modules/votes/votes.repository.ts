/**
 * Every statement that writes the votes table, and the vote counters it keeps on entries and
 * contests (they always equal the active votes): the cast's read and its one write statement, the
 * removal, a cancellation's voiding. Reads for the answers are in vote-reads.repository.ts. Other
 * modules read votes through the functions of these two files.
 */
import { and, asc, count, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { VoteType } from '@contesthub/shared';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { contests, entries, votes } from '../../db/schema/index.js';
import type { PendingEvent } from '../../lib/events/index.js';

export type VoteRow = typeof votes.$inferSelect;

// ---------- the voter's lock and usage ----------

/** Namespace of the per-voter advisory lock (the same number is in cast_vote, migration 0013). */
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

export interface CastCall {
  voteId: string;
  contestId: string;
  entryId: string;
  voterId: string;
  voteType: VoteType;
  /** Votes asked for (a free vote counts one whatever is asked). */
  amount: number;
  idempotencyKey: string | undefined;
  at: Date;
  /** Start of the voter's free-vote day and the daily free limit (vote-limits.ts). */
  dayStart: Date;
  dailyFreeLimit: number;
  /** Weight of one vote of this type (VOTE_WEIGHTS). */
  weight: number;
  /** Ledger accounts of a paid vote: the voter's credits and the revenue shard (ledger/accounts.ts). */
  creditsAccount: string | null;
  revenueAccount: string | null;
  ledgerDescription: string;
  /** The vote.cast event; the function adds creditCost from the contest's fee. */
  event: PendingEvent;
  /** The event's name when the vote is held (vote.held), same payload. */
  heldEventName: string;
  /** Where the vote came from (vote-risk.ts) and the risk rules (riskConfig()). */
  client: { ip: string | null; ipNetwork: string | null; deviceId: string | null; userAgent: string | null };
  risk: unknown;
}

/** The contest fields a cast answers with (limits, and the dates phase.ts words a refusal from). */
export interface CastContest {
  status: 'draft' | 'active' | 'voting' | 'ended' | 'cancelled';
  entryStartDate: string;
  entryEndDate: string;
  votingStartDate: string;
  votingEndDate: string;
  votingType: 'free' | 'paid' | 'both';
  votingFeeAmount: number;
  freeVotesPerUser: number;
  maxVotesPerUser: number | null;
}

export interface CastUsage {
  usedTotal: number;
  usedFree: number;
  freeToday: number;
}

export type CastRefusalReason =
  | 'entryNotFound'
  | 'wrongContest'
  | 'ownEntry'
  | 'notApproved'
  | 'votingClosed'
  | 'paidOnly'
  | 'freeOnly'
  | 'maxReached'
  | 'maxLeft'
  | 'freeContestLimit'
  | 'freeDailyLimit'
  | 'insufficientCredits';

type Counters = { votesCount: number; weightedVotes: number };

export type CastOutcome =
  | { outcome: 'notFound' }
  | {
      outcome: 'refused';
      reason: CastRefusalReason;
      contest?: CastContest;
      max?: number;
      left?: number;
      required?: number;
      available?: number;
    }
  | {
      outcome: 'replay';
      contest: CastContest;
      usage: CastUsage;
      vote: Pick<
        VoteRow,
        | 'id'
        | 'contestId'
        | 'entryId'
        | 'voterId'
        | 'voteType'
        | 'amount'
        | 'weightedTotal'
        | 'creditCost'
        | 'idempotencyKey'
        | 'isActive'
        | 'reviewState'
      > & {
        createdAt: string;
      };
      entry: Counters | null;
    }
  | {
      outcome: 'cast';
      contest: CastContest;
      usage: CastUsage;
      creditCost: number;
      amount: number;
      weightedTotal: number;
      entry: Counters;
      /** Recorded but held for review (vote-risk.ts): not in the counters. */
      held: boolean;
      riskScore: number;
    };

/** SQLSTATE cast_vote raises when the entry was rejected between its read and its counter update. */
export const ENTRY_NO_LONGER_APPROVED = 'CV001';

/**
 * A whole vote in ONE database call: the `cast_vote` function (migration 0013) takes the voter's
 * lock and the contest's shared lock, reads, checks every rule, posts the charge, bumps the
 * counters, inserts the vote and its event. Run outside any transaction: the call is its own.
 */
export async function castVoteCall(db: DbOrTx, c: CastCall): Promise<CastOutcome> {
  const e = c.event;
  const [row] = await queryRows<{ r: CastOutcome }>(
    db,
    sql`select cast_vote(${c.voteId}::uuid, ${c.contestId}::uuid, ${c.entryId}::uuid, ${c.voterId}::uuid, ${c.voteType}, ${c.amount}::int,
      ${c.idempotencyKey ?? null}::text, ${c.at.toISOString()}::timestamptz, ${c.dayStart.toISOString()}::timestamptz,
      ${c.dailyFreeLimit}::int, ${c.weight}::int, ${c.creditsAccount}::text, ${c.revenueAccount}::text, ${c.ledgerDescription},
      ${e.name}, ${e.aggregate}, ${JSON.stringify(e.payload)}::jsonb,
      ${c.client.ip}::text, ${c.client.ipNetwork}::text, ${c.client.deviceId}::text, ${c.client.userAgent}::text,
      ${JSON.stringify(c.risk)}::jsonb, ${c.heldEventName}) as r`,
  );
  return row!.r;
}

/**
 * Sets the contests' totals from their active votes (total weighted votes, distinct voters) where
 * they differ: the contest-totals subscriber after a batch of votes. Reads what committed, so a
 * vote committing meanwhile is counted by the run its own event triggers.
 */
export async function recomputeContestTotals(tx: Tx, contestIds: string[]): Promise<number> {
  if (contestIds.length === 0) return 0;
  const ids = sql.join(
    contestIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update ${contests} c set total_votes = t.total_votes, total_voters = t.total_voters
        from (
          select x.id,
            coalesce((select sum(v.weighted_total) from ${votes} v where v.contest_id = x.id and v.is_active), 0)::int as total_votes,
            (select count(distinct v.voter_id) from ${votes} v where v.contest_id = x.id and v.is_active)::int as total_voters
          from ${contests} x where x.id in (${ids})
        ) t
        where c.id = t.id and (c.total_votes, c.total_voters) is distinct from (t.total_votes, t.total_voters)
        returning c.id`,
  );
  return rows.length;
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
    .where(and(eq(votes.contestId, contestId), or(eq(votes.isActive, true), eq(votes.reviewState, 'held')), gt(votes.creditCost, 0)))
    .orderBy(asc(votes.createdAt), asc(votes.id));
}

/** Deactivates every active vote of a contest and sets its counters (contest and entries) to zero. */
export async function deactivateContestVotes(tx: Tx, contestId: string): Promise<void> {
  await tx
    .update(votes)
    .set({ isActive: false })
    .where(and(eq(votes.contestId, contestId), eq(votes.isActive, true)));
  // Held votes were refunded with the rest: they are void now.
  await tx
    .update(votes)
    .set({ reviewState: 'voided', reviewReason: 'contest cancelled', reviewedAt: sql`now()` })
    .where(and(eq(votes.contestId, contestId), eq(votes.reviewState, 'held')));
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

// ---------- review of held votes (review-vote.ts) ----------

/** A vote FOR UPDATE (the review's transaction holds the voter's and contest's locks first). */
export async function voteForUpdate(tx: Tx, voteId: string): Promise<VoteRow | undefined> {
  const [row] = await tx.select().from(votes).where(eq(votes.id, voteId)).for('update');
  return row;
}

/** Sets a held vote's review outcome; undefined when it is no longer held. */
export async function setReview(
  tx: Tx,
  voteId: string,
  to: { state: 'counted' | 'voided'; by: string | null; reason: string | null; at: Date },
): Promise<VoteRow | undefined> {
  const [row] = await tx
    .update(votes)
    .set({ reviewState: to.state, isActive: to.state === 'counted', reviewedBy: to.by, reviewReason: to.reason, reviewedAt: to.at })
    .where(and(eq(votes.id, voteId), eq(votes.reviewState, 'held')))
    .returning();
  return row;
}

/** Adds a counted vote to its entry's counters while the entry is approved; returns them. */
export async function raiseEntryCounters(tx: Tx, vote: Pick<VoteRow, 'entryId' | 'amount' | 'weightedTotal'>) {
  const [row] = await tx
    .update(entries)
    .set({
      votesCount: sql`${entries.votesCount} + ${vote.amount}`,
      weightedVotes: sql`${entries.weightedVotes} + ${vote.weightedTotal}`,
    })
    .where(and(eq(entries.id, vote.entryId), eq(entries.status, 'approved')))
    .returning({ votesCount: entries.votesCount, weightedVotes: entries.weightedVotes });
  return row;
}

export async function entryCounters(tx: DbOrTx, entryId: string) {
  const [row] = await tx
    .select({ votesCount: entries.votesCount, weightedVotes: entries.weightedVotes })
    .from(entries)
    .where(eq(entries.id, entryId));
  return row;
}

/**
 * Moves counted votes (never reviewed) to held, adding a reason code and raising the score to at
 * least `minScore`; returns the votes moved (their entries' counters are the caller's to lower).
 */
export async function holdCountedVotes(tx: Tx, voteIds: string[], reason: string, minScore: number): Promise<VoteRow[]> {
  if (voteIds.length === 0) return [];
  return tx
    .update(votes)
    .set({
      isActive: false,
      reviewState: 'held',
      riskScore: sql`greatest(${votes.riskScore}, ${minScore})`,
      riskReasons: sql`case when ${reason} = any(${votes.riskReasons}) then ${votes.riskReasons} else array_append(${votes.riskReasons}, ${reason}) end`,
    })
    .where(and(inArray(votes.id, voteIds), eq(votes.isActive, true), isNull(votes.reviewState)))
    .returning();
}
