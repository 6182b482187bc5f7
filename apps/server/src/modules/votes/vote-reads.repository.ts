/**
 * The votes module's reads for its answers: vote lists with their voter, entry and contest names,
 * totals over a filter, a voter's summary and usage, votes per WAT day. No rules here: who may see
 * what is decided in vote-reads.ts and vote-stats.ts.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PageRequest, VoteType } from '@contesthub/shared';
import type { DbOrTx } from '../../db/client.js';
import { contests, entries, users, votes } from '../../db/schema/index.js';
import { freeVotesSince, usedIn, type VoteRow } from './votes.repository.js';

/** Which votes: every field narrows (absent = any). */
export interface VoteFilter {
  contestId?: string | undefined;
  entryId?: string | undefined;
  voterId?: string | undefined;
  voteType?: VoteType | undefined;
  isActive?: boolean | undefined;
  /** Cast at or after / at or before. */
  from?: Date | undefined;
  to?: Date | undefined;
}

function whereOf(f: VoteFilter): SQL | undefined {
  return and(
    f.isActive === undefined ? undefined : eq(votes.isActive, f.isActive),
    f.contestId ? eq(votes.contestId, f.contestId) : undefined,
    f.entryId ? eq(votes.entryId, f.entryId) : undefined,
    f.voterId ? eq(votes.voterId, f.voterId) : undefined,
    f.voteType ? eq(votes.voteType, f.voteType) : undefined,
    f.from ? sql`${votes.createdAt} >= ${f.from.toISOString()}::timestamptz` : undefined,
    f.to ? sql`${votes.createdAt} <= ${f.to.toISOString()}::timestamptz` : undefined,
  );
}

/** A vote with the names its answers show. */
export interface VoteListRow {
  v: VoteRow;
  voterName: string;
  voterUsername: string;
  voterPicture: string | null;
  entryTitle: string;
  contestTitle: string;
}

const listColumns = () => ({
  v: votes,
  voterName: users.fullName,
  voterUsername: users.username,
  voterPicture: users.profilePicture,
  entryTitle: entries.title,
  contestTitle: contests.title,
});

export interface VoteSort {
  by: 'createdAt' | 'amount' | 'weightedTotal';
  dir: 'asc' | 'desc';
}

/** One page of the votes matching `filter` (ties broken by id in the same direction), and how many match. */
export async function votePage(
  db: DbOrTx,
  filter: VoteFilter,
  q: PageRequest,
  sort: VoteSort = { by: 'createdAt', dir: 'desc' },
): Promise<{ rows: VoteListRow[]; total: number }> {
  const where = whereOf(filter);
  const dir = sort.dir === 'asc' ? asc : desc;
  const column = sort.by === 'amount' ? votes.amount : sort.by === 'weightedTotal' ? votes.weightedTotal : votes.createdAt;
  const rows = await db
    .select(listColumns())
    .from(votes)
    .innerJoin(users, eq(users.id, votes.voterId))
    .innerJoin(entries, eq(entries.id, votes.entryId))
    .innerJoin(contests, eq(contests.id, votes.contestId))
    .where(where)
    .orderBy(dir(column), dir(votes.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [totalRow] = await db.select({ total: count() }).from(votes).where(where);
  return { rows, total: totalRow?.total ?? 0 };
}

/** One vote with its names and its contest's organizer. */
export async function findVoteWithNames(db: DbOrTx, id: string): Promise<(VoteListRow & { organizerId: string }) | undefined> {
  const [row] = await db
    .select({ ...listColumns(), organizerId: contests.organizerId })
    .from(votes)
    .innerJoin(users, eq(users.id, votes.voterId))
    .innerJoin(entries, eq(entries.id, votes.entryId))
    .innerJoin(contests, eq(contests.id, votes.contestId))
    .where(eq(votes.id, id));
  return row;
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

export interface VoteTotals {
  votes: number;
  freeVotes: number;
  paidVotes: number;
  weightedVotes: number;
  /** Credit units spent. */
  creditUnits: number;
  uniqueVoters: number;
  lastVoteAt: string | null;
}

/** Totals of the ACTIVE votes among those matching `filter`. */
export async function voteTotals(db: DbOrTx, filter: VoteFilter): Promise<VoteTotals> {
  const [row] = await db.select(aggregateColumns).from(votes).where(whereOf(filter));
  return {
    votes: row?.votes ?? 0,
    freeVotes: row?.freeVotes ?? 0,
    paidVotes: row?.paidVotes ?? 0,
    weightedVotes: row?.weightedVotes ?? 0,
    creditUnits: row?.creditUnits ?? 0,
    uniqueVoters: row?.uniqueVoters ?? 0,
    lastVoteAt: row?.lastVoteAt ?? null,
  };
}

/** A voter's totals over all their votes (removed ones count as refunded), free votes since `dayStart`. */
export async function voterSummary(db: DbOrTx, voterId: string, dayStart: Date) {
  const [row] = await db
    .select({
      ...aggregateColumns,
      casts: sql<number>`count(*) filter (where ${votes.isActive})::int`.mapWith(Number),
      contestsVotedIn: sql<number>`count(distinct ${votes.contestId}) filter (where ${votes.isActive})::int`.mapWith(Number),
      entriesVotedFor: sql<number>`count(distinct ${votes.entryId}) filter (where ${votes.isActive})::int`.mapWith(Number),
      refundedUnits: sql<number>`coalesce(sum(${votes.creditCost}) filter (where not ${votes.isActive}), 0)::text`.mapWith(Number),
      freeToday: sql<number>`coalesce(sum(${votes.amount}) filter (where ${votes.isActive} and ${votes.voteType} = 'free'
        and ${votes.createdAt} >= ${dayStart.toISOString()}::timestamptz), 0)::int`.mapWith(Number),
    })
    .from(votes)
    .where(eq(votes.voterId, voterId));
  return row;
}

/** A voter's usage in a contest (votes, free votes) and their free votes since `dayStart`. */
export async function voterUsage(db: DbOrTx, contestId: string, voterId: string, dayStart: Date) {
  const [row] = await db
    .select({
      used: usedIn(contestId, voterId),
      usedFree: usedIn(contestId, voterId, 'free'),
      freeToday: freeVotesSince(voterId, dayStart),
    })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row;
}

/** The voter's active votes in a contest per entry (summed amounts), for the entry cards. */
export async function voterVotesByEntry(db: DbOrTx, contestId: string, voterId: string) {
  return db
    .select({ entryId: votes.entryId, votes: sql<number>`sum(${votes.amount})::int`.mapWith(Number) })
    .from(votes)
    .where(and(eq(votes.contestId, contestId), eq(votes.voterId, voterId), eq(votes.isActive, true)))
    .groupBy(votes.entryId)
    .orderBy(asc(votes.entryId));
}

/** The contest's voting settings (what its vote statistics show beside the votes table's totals). */
export async function contestVoting(db: DbOrTx, contestId: string) {
  const [row] = await db
    .select({
      votingType: contests.votingType,
      freeVotesPerUser: contests.freeVotesPerUser,
      maxVotesPerUser: contests.maxVotesPerUser,
      votingFeeAmount: contests.votingFeeAmount,
    })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row;
}

/** The contest's organizer and status (who may see its votes). */
export async function contestHead(db: DbOrTx, contestId: string) {
  const [row] = await db
    .select({ id: contests.id, organizerId: contests.organizerId, status: contests.status, title: contests.title })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row;
}

/** The entry with its counters, its contest's organizer and status (who may see its votes). */
export async function entryHead(db: DbOrTx, entryId: string) {
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

/** Votes matching `filter` per WAT day (YYYY-MM-DD) and type: summed amount, weight and casts. */
export async function dailyVotes(db: DbOrTx, filter: VoteFilter) {
  // WAT is UTC+1 without daylight saving, so the day is the UTC date of created_at + 1 hour.
  const day = sql<string>`to_char((${votes.createdAt} at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD')`;
  return db
    .select({
      date: day,
      voteType: votes.voteType,
      votes: sql<number>`coalesce(sum(${votes.amount}), 0)::int`.mapWith(Number),
      weighted: sql<number>`coalesce(sum(${votes.weightedTotal}), 0)::int`.mapWith(Number),
      casts: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(votes)
    .where(whereOf(filter))
    .groupBy(day, votes.voteType);
}
