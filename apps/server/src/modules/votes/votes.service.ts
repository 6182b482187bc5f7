/**
 * Voting (spec 000 §2 vote modal, §7 Votes; issue 4 item 5).
 *
 * Rules of a vote: the entry exists, belongs to the contest and is approved; nobody votes for
 * their own entry; the contest is in its voting window at request time; votingType gates the vote
 * type; free votes count one at a time, at most freeVotesPerUser per contest and
 * DAILY_FREE_VOTE_LIMIT per WAT calendar day across the platform; maxVotesPerUser caps all of a
 * user's votes in a contest (each paid vote counts one); paid votes cost votingFeeAmount × amount
 * credits, moved from the voter to platform revenue through the ledger; weights free 1, paid 5.
 *
 * Concurrency and the hot path (the vote benchmark wants 500 votes/s on 2 cores):
 *
 * 1. `pg_advisory_xact_lock(VOTE_LOCK_NAMESPACE, hashtext(voterId))` serialises one voter's votes
 *    (every contest), so the limit checks (per contest, per day, idempotency key) read counts no
 *    parallel vote of the same person can change before commit. A row lock could not do this:
 *    `SELECT … FROM votes WHERE contest_id = $1 AND voter_id = $2 FOR UPDATE` locks nothing before
 *    the first vote exists. Different voters never wait for each other here; a hash collision only
 *    serialises two voters, never breaks a rule. PGlite supports the same call.
 * 2. One plain statement reads the contest, the entry, the voter's usage and the idempotency key.
 *    It takes no row lock: a KEY SHARE lock on the contest row made every vote on a hot contest
 *    build a new MultiXact of all voters in flight, and the final UPDATE guards the window anyway.
 * 3. Writes: post the charge (paid only; the ledger locks the voter's credits and one of 16
 *    revenue shards in code order), then ONE statement (data-modifying CTEs) that bumps the
 *    contest's counters — only while the contest is still in its voting window — then, reading
 *    that result, the entry's counters, and inserts the vote. A contest cancelled, ended or
 *    finalised after the read matches no row there, and the vote rolls back with its charge. Every
 *    writer takes the contest row before any entry row (cancel and finalize lock it FOR UPDATE
 *    first, a cancellation then zeroes the entries' counters), so none of them deadlock; a vote
 *    that already holds the contest row makes them wait, and they then see it.
 *
 * Round-trips: a free vote is BEGIN, lock, read, write, COMMIT (5); a paid vote adds the ledger
 * post (4 statements: lock accounts, insert transaction, balances, journal lines).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  ANALYTICS_DEFAULT_RANGE_DAYS,
  DAY_MS,
  watDate,
  watDayStart,
  VOTE_WEIGHTS,
  unitsToCredits,
  type TCastVote,
  type UserRole,
  type VoteType,
  pageOf,
  type PageRequest,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { contests, domainEvents, entries, ledgerAccounts, users, votes } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { can } from '../../lib/policy.js';
import { AppError, isAppError } from '../../lib/errors.js';
import { accounts } from '../ledger/accounts.js';
import { post } from '../ledger/ledger.js';
import { voteChargeReference } from './vote-ledger.js';
import { refundVote } from './refund-vote.js';
import { DAILY_FREE_VOTE_LIMIT, refusalOf, remainingOf, type LimitRefusal, type Remaining } from './vote-limits.js';
import { assertVotingOpen, phaseAt } from '../contests/phase.js';
import { eventRow, recordEvent } from '../../lib/events/index.js';
import { voteCast, voteRemoved } from './votes.events.js';

export interface Actor {
  userId: string;
  role: UserRole;
}

export { DAILY_FREE_VOTE_LIMIT } from './vote-limits.js';
const VOTE_LOCK_NAMESPACE = 727_201;

/** The spec's words for a broken limit. */
function refusalMessage(r: LimitRefusal): string {
  switch (r.kind) {
    case 'maxReached':
      return VOTE_MESSAGES.maxReached(r.max);
    case 'maxLeft':
      return VOTE_MESSAGES.maxLeft(r.left);
    default:
      return VOTE_MESSAGES[r.kind];
  }
}

export const VOTE_MESSAGES = {
  cast: 'Your vote has been successfully cast.',
  contestNotFound: 'Contest not found',
  entryNotFound: 'Entry not found',
  voteNotFound: 'Vote not found',
  wrongContest: 'This entry does not belong to this contest',
  notApproved: 'You can only vote for approved entries',
  ownEntry: 'You cannot vote for your own entry',
  paidOnly: 'This contest only accepts paid votes',
  freeOnly: 'This contest only accepts free votes',
  freeContestLimit: 'You have used all your free votes for this contest',
  freeDailyLimit: 'You have used all your free votes for today',
  maxReached: (max: number) => `You have reached the maximum of ${max} votes for this contest`,
  maxLeft: (left: number) => `You can cast only ${left} more ${left === 1 ? 'vote' : 'votes'} in this contest`,
  insufficientCredits: 'Insufficient vote credits',
  idempotencyConflict: 'This Idempotency-Key was already used for a different vote',
  votingClosed: 'Voting for this contest has ended',
  alreadyRemoved: 'This vote has already been removed',
  removeClosed: 'Votes can only be removed while the contest is running',
  removed: 'Vote removed and any credits refunded',
  refunded: 'The contest has been cancelled and every payment refunded.',
  badRange: 'dateFrom must be before dateTo',
  rangeTooLong: 'The date range cannot exceed 366 days',
} as const;

// ---------- DTOs ----------

export interface TVote {
  _id: string;
  entryId: string;
  contestId: string;
  voteType: VoteType;
  amount: number;
  weight: number;
  weightedTotal: number;
  /** Vote credits spent (0 for free votes). */
  creditsSpent: number;
  isActive: boolean;
  createdAt: string;
  voter?: { _id: string; fullName: string; username: string; profilePicture: string | null };
  entry?: { _id: string; title: string };
  contest?: { _id: string; title: string };
}

type VoteRow = typeof votes.$inferSelect;

function toVote(v: VoteRow): TVote {
  return {
    _id: v.id,
    entryId: v.entryId,
    contestId: v.contestId,
    voteType: v.voteType,
    amount: v.amount,
    weight: VOTE_WEIGHTS[v.voteType],
    weightedTotal: v.weightedTotal,
    creditsSpent: unitsToCredits(v.creditCost),
    isActive: v.isActive,
    createdAt: v.createdAt.toISOString(),
  };
}

export type { Remaining } from './vote-limits.js';

export interface CastResult {
  vote: TVote;
  entry: { _id: string; votesCount: number; weightedVotes: number };
  remaining: Remaining;
  /** True when an earlier call with the same Idempotency-Key answered (nothing new was written). */
  replayed: boolean;
}

// ---------- cast ----------

const num = (q: SQL) => sql<number>`${q}`.mapWith(Number);

/** The voter's active votes in a contest, summed (optionally of one type). */
const usedIn = (contestId: string, voterId: string, type?: VoteType) =>
  num(sql`(select coalesce(sum(v.amount), 0)::int from ${votes} v
    where v.contest_id = ${contestId} and v.voter_id = ${voterId} and v.is_active ${type ? sql`and v.vote_type = ${type}` : sql``})`);

/** Serialise one voter's vote-changing transactions (see the header comment). */
async function lockVoter(tx: Tx, voterId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(VOTE_LOCK_NAMESPACE))}, hashtext(${voterId}))`);
}

export async function castVote(ctx: AppContext, voter: Actor, input: TCastVote, idempotencyKey?: string): Promise<CastResult> {
  const at = now();
  const dayStart = watDayStart(at).toISOString();
  const voterId = voter.userId;
  return ctx.db.transaction(async (tx) => {
    await lockVoter(tx, voterId);
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
        usedTotal: usedIn(input.contestId, voterId),
        usedFree: usedIn(input.contestId, voterId, 'free'),
        freeToday: num(sql`(select coalesce(sum(v.amount), 0)::int from ${votes} v
          where v.voter_id = ${voterId} and v.vote_type = 'free' and v.is_active and v.created_at >= ${dayStart}::timestamptz)`),
        creditUnits:
          input.voteType === 'paid'
            ? num(sql`coalesce((select a.balance from ${ledgerAccounts} a where a.code = ${accounts.userCredits(voterId).code}), 0)::text`)
            : num(sql`0`),
      })
      .from(contests)
      .leftJoin(entries, eq(entries.id, input.entryId))
      .where(eq(contests.id, input.contestId));

    if (!s) throw AppError.notFound(VOTE_MESSAGES.contestNotFound);
    const c = s.contest;
    if (s.replayId) return replay(tx, s.replayId, input, remainingOf(c, s));

    const entry = s.entry;
    if (!entry) throw AppError.notFound(VOTE_MESSAGES.entryNotFound);
    if (entry.contestId !== c.id) throw AppError.badRequest(VOTE_MESSAGES.wrongContest);
    if (entry.participantId === voterId) throw AppError.forbidden(VOTE_MESSAGES.ownEntry);
    if (entry.status !== 'approved') throw AppError.badRequest(VOTE_MESSAGES.notApproved);
    assertVotingOpen(c, at);
    const isFree = input.voteType === 'free';
    const amount = isFree ? 1 : input.amount;
    const refusal = refusalOf(c, s, input.voteType, amount);
    if (refusal) throw AppError.badRequest(refusalMessage(refusal));
    const cost = isFree ? 0 : c.votingFeeAmount * amount;
    if (cost > s.creditUnits) {
      throw new AppError(400, VOTE_MESSAGES.insufficientCredits, 'INSUFFICIENT_CREDITS', {
        required: unitsToCredits(cost),
        available: unitsToCredits(s.creditUnits),
      });
    }

    const voteId = randomUUID();
    const weightedTotal = VOTE_WEIGHTS[input.voteType] * amount;
    // The charge first: the ledger locks the voter's credits and platform revenue (in code order).
    if (cost > 0) await chargeVote(tx, voterId, voteId, c.id, entry.id, amount, cost);

    // Then one statement: the contest's counters (only while it is still in its voting window),
    // then the entry's, then the vote. `e` reads `c`, so the contest row is always locked before
    // the entry row, the order cancellation uses too (no deadlock).
    const atIso = at.toISOString();
    const firstVote = s.usedTotal === 0;
    // The vote.cast event rides in the same statement (the outbox row commits with the vote).
    const event = eventRow(voteCast, {
      voteId,
      contestId: c.id,
      entryId: entry.id,
      voterId,
      voteType: input.voteType,
      amount,
      weightedTotal,
      creditCost: cost,
    });
    const [written] = await queryRows<{ votesCount: number | null; weightedVotes: number | null; open: number }>(
      tx,
      sql`with c as (
          update ${contests} set total_votes = total_votes + ${weightedTotal}, total_voters = total_voters + ${firstVote ? 1 : 0}
          where id = ${c.id} and status in ('active', 'voting')
            and voting_start_date <= ${atIso}::timestamptz and voting_end_date > ${atIso}::timestamptz
          returning id
        ), e as (
          update ${entries} set votes_count = votes_count + ${amount}, weighted_votes = weighted_votes + ${weightedTotal}
          where id = ${entry.id} and status = 'approved' and exists (select 1 from c)
          returning votes_count, weighted_votes
        ), v as (
          insert into ${votes} (id, contest_id, entry_id, voter_id, vote_type, amount, weighted_total, credit_cost, idempotency_key, created_at)
          values (${voteId}, ${c.id}, ${entry.id}, ${voterId}, ${input.voteType}, ${amount}, ${weightedTotal}, ${cost},
            ${idempotencyKey ?? `auto:${voteId}`}, ${atIso}::timestamptz)
          returning id
        ), ev as (
          insert into ${domainEvents} (name, aggregate, payload, actor_id)
          select ${event.name}, ${event.aggregate}, ${JSON.stringify(event.payload)}::jsonb, ${voterId}::uuid
          where exists (select 1 from v)
        )
        select (select votes_count from e) as "votesCount", (select weighted_votes from e) as "weightedVotes",
          (select count(*) from c)::int as "open", (select count(*) from v)::int as "inserted"`,
    );
    if (!written?.open) throw AppError.badRequest(VOTE_MESSAGES.votingClosed);
    if (written?.votesCount == null || written.weightedVotes == null) throw AppError.badRequest(VOTE_MESSAGES.notApproved);
    const vote: VoteRow = {
      id: voteId,
      contestId: c.id,
      entryId: entry.id,
      voterId,
      voteType: input.voteType,
      amount,
      weightedTotal,
      creditCost: cost,
      idempotencyKey: idempotencyKey ?? `auto:${voteId}`,
      isActive: true,
      createdAt: at,
    };
    const counters = { votesCount: written.votesCount, weightedVotes: written.weightedVotes };

    return {
      vote: toVote(vote),
      entry: { _id: entry.id, ...counters },
      remaining: remainingOf(c, {
        usedTotal: s.usedTotal + amount,
        usedFree: s.usedFree + (isFree ? 1 : 0),
        freeToday: s.freeToday + (isFree ? 1 : 0),
      }),
      replayed: false,
    };
  });
}

async function chargeVote(tx: Tx, voterId: string, voteId: string, contestId: string, entryId: string, amount: number, cost: number) {
  try {
    await post(tx, {
      reference: voteChargeReference(voteId),
      newReference: true,
      kind: 'vote_spend',
      description: `${amount} paid ${amount === 1 ? 'vote' : 'votes'}`,
      metadata: { voteId, contestId, entryId, amount },
      lines: [
        { account: accounts.userCredits(voterId), amount: -cost },
        { account: accounts.voteRevenue(voterId), amount: cost },
      ],
    });
  } catch (err) {
    // The balance moved between the pre-check and the lock (a transfer elsewhere): same answer.
    if (isAppError(err) && err.errorType === 'INSUFFICIENT_CREDITS') {
      throw new AppError(400, VOTE_MESSAGES.insufficientCredits, 'INSUFFICIENT_CREDITS');
    }
    throw err;
  }
}

/** A retry with a known Idempotency-Key: the first vote again, or 409 when the body differs. */
async function replay(tx: Tx, voteId: string, input: TCastVote, remaining: Remaining): Promise<CastResult> {
  const [prior] = await tx.select().from(votes).where(eq(votes.id, voteId));
  const amount = input.voteType === 'free' ? 1 : input.amount;
  if (
    !prior ||
    prior.entryId !== input.entryId ||
    prior.contestId !== input.contestId ||
    prior.voteType !== input.voteType ||
    prior.amount !== amount
  ) {
    throw new AppError(409, VOTE_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_CONFLICT');
  }
  const [counters] = await tx
    .select({ votesCount: entries.votesCount, weightedVotes: entries.weightedVotes })
    .from(entries)
    .where(eq(entries.id, prior.entryId));
  return {
    vote: toVote(prior),
    entry: { _id: prior.entryId, votesCount: counters?.votesCount ?? 0, weightedVotes: counters?.weightedVotes ?? 0 },
    remaining,
    replayed: true,
  };
}

// ---------- removal (admin) ----------

/**
 * An admin removes a fraudulent vote: it is deactivated (kept for the record), the entry's and
 * contest's counters go down, and a paid vote's credits return to the voter (reference
 * `vote:refund:<voteId>`, the same a cancellation would use, so credits never return twice).
 * Only while the contest runs: after the end the result is final.
 */
export async function removeVote(ctx: AppContext, voteId: string): Promise<CastResult['entry'] & { vote: TVote }> {
  const [known] = await ctx.db.select({ voterId: votes.voterId, contestId: votes.contestId }).from(votes).where(eq(votes.id, voteId));
  if (!known) throw AppError.notFound(VOTE_MESSAGES.voteNotFound);
  return ctx.db.transaction(async (tx) => {
    await lockVoter(tx, known.voterId);
    // Contest row first, as casting and cancelling lock it before any entry row.
    const [c] = await tx.select().from(contests).where(eq(contests.id, known.contestId)).for('no key update');
    if (!c) throw AppError.notFound(VOTE_MESSAGES.contestNotFound);
    const phase = phaseAt(c, now());
    if (phase === 'ended' || phase === 'cancelled' || c.finalizedAt) throw AppError.badRequest(VOTE_MESSAGES.removeClosed);

    const [vote] = await tx
      .update(votes)
      .set({ isActive: false })
      .where(and(eq(votes.id, voteId), eq(votes.isActive, true)))
      .returning();
    if (!vote) throw AppError.conflict(VOTE_MESSAGES.alreadyRemoved);
    await refundVote(tx, vote, 'Refund of a removed vote', 'removed by an admin');
    await recordEvent(tx, voteRemoved, {
      voteId: vote.id,
      contestId: vote.contestId,
      entryId: vote.entryId,
      voterId: vote.voterId,
      creditCost: vote.creditCost,
    });
    const [counters] = await tx
      .update(entries)
      .set({
        votesCount: sql`${entries.votesCount} - ${vote.amount}`,
        weightedVotes: sql`${entries.weightedVotes} - ${vote.weightedTotal}`,
      })
      .where(eq(entries.id, vote.entryId))
      .returning({ votesCount: entries.votesCount, weightedVotes: entries.weightedVotes });
    const [left] = await tx
      .select({ n: count() })
      .from(votes)
      .where(and(eq(votes.contestId, vote.contestId), eq(votes.voterId, vote.voterId), eq(votes.isActive, true)));
    await tx
      .update(contests)
      .set({
        totalVotes: sql`${contests.totalVotes} - ${vote.weightedTotal}`,
        ...(left?.n === 0 ? { totalVoters: sql`${contests.totalVoters} - 1` } : {}),
      })
      .where(eq(contests.id, vote.contestId));
    return { vote: toVote(vote), _id: vote.entryId, votesCount: counters?.votesCount ?? 0, weightedVotes: counters?.weightedVotes ?? 0 };
  });
}

// ---------- reads ----------

export type Page = PageRequest;
const pagination = pageOf;

function listColumns() {
  return {
    v: votes,
    voterName: users.fullName,
    voterUsername: users.username,
    voterPicture: users.profilePicture,
    entryTitle: entries.title,
    contestTitle: contests.title,
  };
}

type ListRow = {
  v: VoteRow;
  voterName: string;
  voterUsername: string;
  voterPicture: string | null;
  entryTitle: string;
  contestTitle: string;
};

function toListVote(r: ListRow, withVoter: boolean): TVote {
  return {
    ...toVote(r.v),
    ...(withVoter ? { voter: { _id: r.v.voterId, fullName: r.voterName, username: r.voterUsername, profilePicture: r.voterPicture } } : {}),
    entry: { _id: r.v.entryId, title: r.entryTitle },
    contest: { _id: r.v.contestId, title: r.contestTitle },
  };
}

function listQuery(db: DbOrTx) {
  return db
    .select(listColumns())
    .from(votes)
    .innerJoin(users, eq(users.id, votes.voterId))
    .innerJoin(entries, eq(entries.id, votes.entryId))
    .innerJoin(contests, eq(contests.id, votes.contestId));
}

async function votePage(db: DbOrTx, where: SQL | undefined, q: Page, order: SQL[], withVoter: boolean) {
  const rows = await listQuery(db)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [totalRow] = await db.select({ total: count() }).from(votes).where(where);
  const total = totalRow?.total ?? 0;
  return { votes: rows.map((r) => toListVote(r, withVoter)), pagination: pagination(q, total) };
}

async function contestHead(db: DbOrTx, contestId: string) {
  const [row] = await db
    .select({ id: contests.id, organizerId: contests.organizerId, status: contests.status, title: contests.title })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row;
}

/** The contest, or 404 (drafts exist only for their organizer and admins). */
async function visibleContest(db: DbOrTx, contestId: string, actor: Actor | undefined) {
  const c = await contestHead(db, contestId);
  if (!c || (c.status === 'draft' && c.organizerId !== actor?.userId && actor?.role !== 'admin')) {
    throw AppError.notFound(VOTE_MESSAGES.contestNotFound);
  }
  return c;
}

const canSeeVoters = (actor: Actor | undefined, organizerId: string) => actor?.role === 'admin' || actor?.userId === organizerId;

export interface VoteListQuery extends Page {
  contest?: string | undefined;
  entry?: string | undefined;
  voter?: string | undefined;
  voteType?: VoteType | undefined;
  isActive?: boolean | undefined;
  sortBy: 'createdAt' | 'amount' | 'weightedTotal';
  sortOrder: 'asc' | 'desc';
}

/** All votes for admins; a contest's organizer may list the votes of that contest. */
export async function listVotes(ctx: AppContext, actor: Actor, q: VoteListQuery) {
  if (actor.role !== 'admin') {
    if (!q.contest) throw AppError.forbidden();
    const c = await contestHead(ctx.db, q.contest);
    if (!c) throw AppError.notFound(VOTE_MESSAGES.contestNotFound);
    if (c.organizerId !== actor.userId) throw AppError.forbidden();
  }
  const where = and(
    q.contest ? eq(votes.contestId, q.contest) : undefined,
    q.entry ? eq(votes.entryId, q.entry) : undefined,
    q.voter ? eq(votes.voterId, q.voter) : undefined,
    q.voteType ? eq(votes.voteType, q.voteType) : undefined,
    q.isActive === undefined ? undefined : eq(votes.isActive, q.isActive),
  );
  const dir = q.sortOrder === 'asc' ? asc : desc;
  const column = q.sortBy === 'amount' ? votes.amount : q.sortBy === 'weightedTotal' ? votes.weightedTotal : votes.createdAt;
  return votePage(ctx.db, where, q, [dir(column), dir(votes.id)], true);
}

/** One vote, for its voter, the contest's organizer or an admin. */
export async function getVote(ctx: AppContext, actor: Actor, id: string): Promise<TVote> {
  const [row] = await ctx.db
    .select({ ...listColumns(), organizerId: contests.organizerId })
    .from(votes)
    .innerJoin(users, eq(users.id, votes.voterId))
    .innerJoin(entries, eq(entries.id, votes.entryId))
    .innerJoin(contests, eq(contests.id, votes.contestId))
    .where(eq(votes.id, id));
  if (!row) throw AppError.notFound(VOTE_MESSAGES.voteNotFound);
  const allowed = actor.role === 'admin' || row.v.voterId === actor.userId || row.organizerId === actor.userId;
  if (!allowed) throw AppError.forbidden();
  return toListVote(row, true);
}

export async function myVotes(ctx: AppContext, actor: Actor, q: Page & { contest?: string | undefined; voteType?: VoteType | undefined }) {
  const where = and(
    eq(votes.voterId, actor.userId),
    q.contest ? eq(votes.contestId, q.contest) : undefined,
    q.voteType ? eq(votes.voteType, q.voteType) : undefined,
  );
  return votePage(ctx.db, where, q, [desc(votes.createdAt), desc(votes.id)], false);
}

const aggregateColumns = {
  votes: sql<number>`coalesce(sum(${votes.amount}) filter (where ${votes.isActive}), 0)::int`.mapWith(Number),
  freeVotes: sql<number>`coalesce(sum(${votes.amount}) filter (where ${votes.isActive} and ${votes.voteType} = 'free'), 0)::int`.mapWith(
    Number,
  ),
  paidVotes: sql<number>`coalesce(sum(${votes.amount}) filter (where ${votes.isActive} and ${votes.voteType} = 'paid'), 0)::int`.mapWith(
    Number,
  ),
  weightedVotes: sql<number>`coalesce(sum(${votes.weightedTotal}) filter (where ${votes.isActive}), 0)::int`.mapWith(Number),
  creditUnits: sql<number>`coalesce(sum(${votes.creditCost}) filter (where ${votes.isActive}), 0)::text`.mapWith(Number),
  uniqueVoters: sql<number>`count(distinct ${votes.voterId}) filter (where ${votes.isActive})::int`.mapWith(Number),
  lastVoteAt: sql<string | null>`max(${votes.createdAt}) filter (where ${votes.isActive})`,
};

async function aggregate(db: DbOrTx, where: SQL) {
  const [row] = await db.select(aggregateColumns).from(votes).where(where);
  return {
    votes: row?.votes ?? 0,
    freeVotes: row?.freeVotes ?? 0,
    paidVotes: row?.paidVotes ?? 0,
    weightedVotes: row?.weightedVotes ?? 0,
    creditsSpent: unitsToCredits(row?.creditUnits ?? 0),
    uniqueVoters: row?.uniqueVoters ?? 0,
    lastVoteAt: row?.lastVoteAt ? new Date(row.lastVoteAt).toISOString() : null,
  };
}

/** What I did as a voter: active votes (removed or refunded ones count as refunded credits). */
export async function mySummary(ctx: AppContext, actor: Actor) {
  const at = now();
  const [row] = await ctx.db
    .select({
      ...aggregateColumns,
      casts: sql<number>`count(*) filter (where ${votes.isActive})::int`.mapWith(Number),
      contestsVotedIn: sql<number>`count(distinct ${votes.contestId}) filter (where ${votes.isActive})::int`.mapWith(Number),
      entriesVotedFor: sql<number>`count(distinct ${votes.entryId}) filter (where ${votes.isActive})::int`.mapWith(Number),
      refundedUnits: sql<number>`coalesce(sum(${votes.creditCost}) filter (where not ${votes.isActive}), 0)::text`.mapWith(Number),
      freeToday: sql<number>`coalesce(sum(${votes.amount}) filter (where ${votes.isActive} and ${votes.voteType} = 'free'
        and ${votes.createdAt} >= ${watDayStart(at).toISOString()}::timestamptz), 0)::int`.mapWith(Number),
    })
    .from(votes)
    .where(eq(votes.voterId, actor.userId));
  return {
    totalVotes: row?.votes ?? 0,
    freeVotes: row?.freeVotes ?? 0,
    paidVotes: row?.paidVotes ?? 0,
    weightedVotes: row?.weightedVotes ?? 0,
    votesCast: row?.casts ?? 0,
    creditsSpent: unitsToCredits(row?.creditUnits ?? 0),
    creditsRefunded: unitsToCredits(row?.refundedUnits ?? 0),
    contestsVotedIn: row?.contestsVotedIn ?? 0,
    entriesVotedFor: row?.entriesVotedFor ?? 0,
    lastVoteAt: row?.lastVoteAt ? new Date(row.lastVoteAt).toISOString() : null,
    freeVotesToday: row?.freeToday ?? 0,
    dailyFreeVoteLimit: DAILY_FREE_VOTE_LIMIT,
  };
}

async function entryHead(db: DbOrTx, entryId: string) {
  const [row] = await db
    .select({
      id: entries.id,
      contestId: entries.contestId,
      participantId: entries.participantId,
      status: entries.status,
      title: entries.title,
      votesCount: entries.votesCount,
      weightedVotes: entries.weightedVotes,
      createdAt: entries.createdAt,
      organizerId: contests.organizerId,
      contestStatus: contests.status,
    })
    .from(entries)
    .innerJoin(contests, eq(contests.id, entries.contestId))
    .where(eq(entries.id, entryId));
  return row;
}

/** The entry, or 404 when the viewer may not see it (unapproved entries: participant, organizer, admin). */
async function visibleEntry(db: DbOrTx, entryId: string, actor: Actor | undefined) {
  const e = await entryHead(db, entryId);
  const privileged = !!e && (actor?.role === 'admin' || actor?.userId === e.organizerId || actor?.userId === e.participantId);
  if (!e || ((e.status !== 'approved' || e.contestStatus === 'draft') && !privileged)) throw AppError.notFound(VOTE_MESSAGES.entryNotFound);
  return e;
}

/**
 * Votes of an entry or a contest. Everyone sees the aggregate; only the contest's organizer and
 * admins see the individual votes and who cast them.
 */
export async function entryVotes(
  ctx: AppContext,
  actor: Actor | undefined,
  entryId: string,
  q: Page & { voteType?: VoteType | undefined },
) {
  const e = await visibleEntry(ctx.db, entryId, actor);
  return votesOf(ctx, actor, e.organizerId, eq(votes.entryId, entryId), q);
}

export async function contestVotes(
  ctx: AppContext,
  actor: Actor | undefined,
  contestId: string,
  q: Page & { voteType?: VoteType | undefined },
) {
  const c = await visibleContest(ctx.db, contestId, actor);
  return votesOf(ctx, actor, c.organizerId, eq(votes.contestId, contestId), q);
}

/** The aggregate of the votes in `scope`, and the page of them when the actor may see voters. */
async function votesOf(
  ctx: AppContext,
  actor: Actor | undefined,
  organizerId: string,
  scope: SQL,
  q: Page & { voteType?: VoteType | undefined },
) {
  const showVoters = canSeeVoters(actor, organizerId);
  const summary = await aggregate(ctx.db, scope);
  const list = showVoters
    ? await votePage(
        ctx.db,
        and(scope, q.voteType ? eq(votes.voteType, q.voteType) : undefined),
        q,
        [desc(votes.createdAt), desc(votes.id)],
        true,
      )
    : { votes: [], pagination: pagination(q, 0) };
  return { ...list, summary: publicSummary(summary, showVoters), votersVisible: showVoters };
}

/** Credits spent are the organizer's and the platform's business, not the public's. */
function publicSummary(s: Awaited<ReturnType<typeof aggregate>>, privileged: boolean) {
  return { ...s, creditsSpent: privileged ? s.creditsSpent : null };
}

/**
 * 1-based position among the contest's approved entries. Ranking tie-break (shared with the
 * leaderboard and the payout): higher weightedVotes first, then the entry submitted earlier, then
 * the lower id.
 */
async function rankOf(db: DbOrTx, e: { id: string; contestId: string; weightedVotes: number; createdAt: Date }): Promise<number> {
  const created = e.createdAt.toISOString();
  const [row] = await db
    .select({ ahead: count() })
    .from(entries)
    .where(
      and(
        eq(entries.contestId, e.contestId),
        eq(entries.status, 'approved'),
        sql`(${entries.weightedVotes} > ${e.weightedVotes}
          or (${entries.weightedVotes} = ${e.weightedVotes} and ${entries.createdAt} < ${created}::timestamptz)
          or (${entries.weightedVotes} = ${e.weightedVotes} and ${entries.createdAt} = ${created}::timestamptz and ${entries.id} < ${e.id}))`,
      ),
    );
  return (row?.ahead ?? 0) + 1;
}

export async function entryStats(ctx: AppContext, actor: Actor | undefined, entryId: string) {
  const e = await visibleEntry(ctx.db, entryId, actor);
  const summary = await aggregate(ctx.db, eq(votes.entryId, entryId));
  const privileged = can(actor, 'votes.see_credits', { organizerId: e.organizerId });
  return {
    entryId: e.id,
    contestId: e.contestId,
    votesCount: e.votesCount,
    weightedVotes: e.weightedVotes,
    freeVotes: summary.freeVotes,
    paidVotes: summary.paidVotes,
    uniqueVoters: summary.uniqueVoters,
    creditsSpent: privileged ? summary.creditsSpent : null,
    lastVoteAt: summary.lastVoteAt,
    ranking: e.status === 'approved' ? await rankOf(ctx.db, e) : null,
  };
}

/**
 * A contest's vote statistics, its five leading entries, and for a signed-in caller their own
 * usage and what they may still cast (what the vote modal shows).
 */
export async function contestStats(ctx: AppContext, actor: Actor | undefined, contestId: string) {
  const c = await visibleContest(ctx.db, contestId, actor);
  const [[row], summary, top] = await Promise.all([
    ctx.db
      .select({
        totalVotes: contests.totalVotes,
        totalVoters: contests.totalVoters,
        votingType: contests.votingType,
        freeVotesPerUser: contests.freeVotesPerUser,
        maxVotesPerUser: contests.maxVotesPerUser,
        votingFeeAmount: contests.votingFeeAmount,
      })
      .from(contests)
      .where(eq(contests.id, contestId)),
    aggregate(ctx.db, eq(votes.contestId, contestId)),
    ctx.db
      .select({ _id: entries.id, title: entries.title, votesCount: entries.votesCount, weightedVotes: entries.weightedVotes })
      .from(entries)
      .where(and(eq(entries.contestId, contestId), eq(entries.status, 'approved')))
      .orderBy(desc(entries.weightedVotes), asc(entries.createdAt), asc(entries.id))
      .limit(5),
  ]);
  let me: { votesCast: number; freeVotesUsed: number; remaining: Remaining } | null = null;
  if (actor && row) {
    const [usage] = await ctx.db
      .select({
        used: usedIn(contestId, actor.userId),
        usedFree: usedIn(contestId, actor.userId, 'free'),
        freeToday: num(sql`(select coalesce(sum(v.amount), 0)::int from ${votes} v where v.voter_id = ${actor.userId}
          and v.vote_type = 'free' and v.is_active and v.created_at >= ${watDayStart(now()).toISOString()}::timestamptz)`),
      })
      .from(contests)
      .where(eq(contests.id, contestId));
    const used = usage?.used ?? 0;
    const usedFree = usage?.usedFree ?? 0;
    me = {
      votesCast: used,
      freeVotesUsed: usedFree,
      remaining: remainingOf(row, { usedTotal: used, usedFree, freeToday: usage?.freeToday ?? 0 }),
    };
  }
  return {
    contestId: c.id,
    totalVotes: row?.totalVotes ?? 0,
    votesCount: summary.votes,
    freeVotes: summary.freeVotes,
    paidVotes: summary.paidVotes,
    uniqueVoters: row?.totalVoters ?? 0,
    creditsSpent: can(actor, 'votes.see_credits', { organizerId: c.organizerId }) ? summary.creditsSpent : null,
    votingFee: unitsToCredits(row?.votingFeeAmount ?? 0),
    dailyFreeVoteLimit: DAILY_FREE_VOTE_LIMIT,
    lastVoteAt: summary.lastVoteAt,
    topEntries: top.map((t, i) => ({ ...t, rank: i + 1 })),
    me,
  };
}

export interface AnalyticsQuery {
  contest?: string | undefined;
  entry?: string | undefined;
  voteType?: VoteType | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/**
 * Votes per WAT day and type for a contest (its organizer or an admin) or, for admins, the whole
 * platform. Days without votes are listed with zeros so a chart needs no gap filling. Active
 * votes only. Default range: the last 30 days.
 */
export async function voteAnalytics(ctx: AppContext, actor: Actor, q: AnalyticsQuery) {
  let contestId = q.contest;
  if (q.entry) {
    const e = await entryHead(ctx.db, q.entry);
    if (!e) throw AppError.notFound(VOTE_MESSAGES.entryNotFound);
    if (contestId && contestId !== e.contestId) throw AppError.badRequest(VOTE_MESSAGES.wrongContest);
    contestId = e.contestId;
  }
  if (contestId) {
    const c = await contestHead(ctx.db, contestId);
    if (!c) throw AppError.notFound(VOTE_MESSAGES.contestNotFound);
    if (!canSeeVoters(actor, c.organizerId)) throw AppError.forbidden();
  } else if (actor.role !== 'admin') {
    throw AppError.forbidden();
  }

  const to = q.dateTo ? new Date(q.dateTo) : now();
  const from = q.dateFrom ? new Date(q.dateFrom) : new Date(to.getTime() - ANALYTICS_DEFAULT_RANGE_DAYS * DAY_MS);
  if (from > to) throw AppError.badRequest(VOTE_MESSAGES.badRange);
  if (to.getTime() - from.getTime() > 366 * DAY_MS) throw AppError.badRequest(VOTE_MESSAGES.rangeTooLong);

  const where = and(
    eq(votes.isActive, true),
    contestId ? eq(votes.contestId, contestId) : undefined,
    q.entry ? eq(votes.entryId, q.entry) : undefined,
    q.voteType ? eq(votes.voteType, q.voteType) : undefined,
    sql`${votes.createdAt} >= ${from.toISOString()}::timestamptz`,
    sql`${votes.createdAt} <= ${to.toISOString()}::timestamptz`,
  );
  // WAT is UTC+1 without daylight saving, so the day is the UTC date of created_at + 1 hour.
  const day = sql<string>`to_char((${votes.createdAt} at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD')`;
  const [rows, totals] = await Promise.all([
    ctx.db
      .select({
        date: day,
        voteType: votes.voteType,
        votes: sql<number>`coalesce(sum(${votes.amount}), 0)::int`.mapWith(Number),
        weighted: sql<number>`coalesce(sum(${votes.weightedTotal}), 0)::int`.mapWith(Number),
        casts: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(votes)
      .where(where)
      .groupBy(day, votes.voteType),
    aggregate(ctx.db, where!),
  ]);

  const byDate = new Map<string, { date: string; free: number; paid: number; weighted: number; casts: number }>();
  for (let t = watDayStart(from).getTime(); t <= to.getTime(); t += DAY_MS) {
    const date = watDate(new Date(t));
    byDate.set(date, { date, free: 0, paid: 0, weighted: 0, casts: 0 });
  }
  for (const r of rows) {
    const d = byDate.get(r.date) ?? { date: r.date, free: 0, paid: 0, weighted: 0, casts: 0 };
    d[r.voteType] += r.votes;
    d.weighted += r.weighted;
    d.casts += r.casts;
    byDate.set(r.date, d);
  }
  return {
    contestId: contestId ?? null,
    entryId: q.entry ?? null,
    voteType: q.voteType ?? null,
    range: { from: from.toISOString(), to: to.toISOString() },
    daily: [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)),
    totals: {
      votes: totals.votes,
      freeVotes: totals.freeVotes,
      paidVotes: totals.paidVotes,
      weightedVotes: totals.weightedVotes,
      creditsSpent: totals.creditsSpent,
      uniqueVoters: totals.uniqueVoters,
    },
  };
}
