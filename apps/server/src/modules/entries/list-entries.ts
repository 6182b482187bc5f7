/**
 * Entry reads: the browse list, one entry and its stats, a contest's entries and leaderboard, and
 * My Entries. Who sees which entries is decided here (visibleTo).
 */
import type { Actor } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { ENTRY_MESSAGES } from './entries.messages.js';
import { approvedCounts, loadContest, statusCounts, voteBreakdown, type ContestRow, type EntryRow } from './entries.repository.js';
import type { TEntry, TEntryBrowseQuery as TEntryListQuery, TMyEntriesList } from '@contesthub/shared';
import { entryPage, findEntries, leaderboard, type EntryFilter, type EntrySortKey, type SortDir } from './entry-reads.repository.js';

/**
 * Which entries a caller may see: approved ones; plus, for a signed-in caller, their own and every
 * entry of the contests they organize; admins see all.
 */
export function visibleTo(actor: Actor | undefined): EntryFilter['visibleTo'] {
  if (actor?.role === 'admin') return undefined;
  return { userId: actor?.userId ?? null };
}

/** GET /api/entries. */
export async function listEntries(ctx: AppContext, viewer: Actor | undefined, q: TEntryListQuery) {
  const filter: EntryFilter = {
    visibleTo: visibleTo(viewer),
    contestId: q.contest,
    participantId: q.participant,
    status: q.status,
    entryType: q.entryType,
    createdAfter: q.createdAfter ? new Date(q.createdAfter) : undefined,
    minVotes: q.minVotes,
  };
  const { list, totalVotes } = await entryPage(ctx.db, {
    filter,
    sort: { by: q.sortBy, order: q.sortOrder },
    page: q.page,
    limit: q.limit,
    viewerId: viewer?.userId,
  });
  return { ...list, totalVotes };
}

/** An entry the caller may see, or 404 (an invisible entry is indistinguishable from a missing one). */
export async function getEntry(ctx: AppContext, viewer: Actor | undefined, id: string): Promise<TEntry> {
  const [entry] = await findEntries(ctx.db, { filter: { id, visibleTo: visibleTo(viewer) }, viewerId: viewer?.userId, limit: 1 });
  if (!entry) throw AppError.notFound(ENTRY_MESSAGES.notFound);
  return entry;
}

export async function entryStats(ctx: AppContext, viewer: Actor | undefined, id: string) {
  const entry = await getEntry(ctx, viewer, id);
  const [counts, breakdown] = await Promise.all([statusCounts(ctx.db, entry.contest._id), voteBreakdown(ctx.db, id)]);
  return {
    entryId: entry._id,
    status: entry.status,
    votesCount: entry.votesCount,
    weightedVotes: entry.weightedVotes,
    likesCount: entry.likesCount,
    commentsCount: entry.commentsCount,
    ranking: entry.ranking,
    approvedEntries: counts.approved,
    votes: breakdown,
  };
}

export async function requireContest(db: DbOrTx, contestId: string): Promise<ContestRow> {
  const contest = await loadContest(db, contestId);
  if (!contest) throw AppError.notFound(ENTRY_MESSAGES.contestNotFound);
  return contest;
}

/** GET /api/entries/contest/:id: approved entries, plus the caller's own; the organizer and admins see all. */
export async function contestEntries(
  ctx: AppContext,
  viewer: Actor | undefined,
  contestId: string,
  q: { page: number; limit: number; sortBy: EntrySortKey; sortOrder?: SortDir | undefined; status?: EntryRow['status'] | undefined },
) {
  await requireContest(ctx.db, contestId);
  const { list } = await entryPage(ctx.db, {
    filter: { contestId, visibleTo: visibleTo(viewer), status: q.status },
    sort: { by: q.sortBy, order: q.sortOrder },
    page: q.page,
    limit: q.limit,
    viewerId: viewer?.userId,
  });
  return list;
}

/** GET /api/entries/contest/:id/leaderboard: approved entries in ranking order (see RANKING_ORDER). */
export async function contestLeaderboard(ctx: AppContext, contestId: string, limit: number) {
  await requireContest(ctx.db, contestId);
  return { leaderboard: await leaderboard(ctx.db, contestId, limit) };
}

/** My Entries filters: an entry status, or In Voting / Completed by the contest's phase now. */
function myEntriesFilter(status: string | undefined, at: Date): EntryFilter {
  switch (status) {
    case undefined:
      return {};
    case 'voting':
    case 'completed':
      return { phase: { is: status, at } };
    default:
      return { status: status as EntryRow['status'] };
  }
}

/**
 * GET /api/entries/my-entries: the caller's entries, newest first, each with its contest, its
 * ranking and how many approved entries that ranking is out of.
 */
export async function myEntries(
  ctx: AppContext,
  userId: string,
  q: { page: number; limit: number; status?: string | undefined; contestId?: string | undefined },
): Promise<TMyEntriesList> {
  const filter = { participantId: userId, contestId: q.contestId, ...myEntriesFilter(q.status, now()) };
  const { list } = await entryPage(ctx.db, { filter, page: q.page, limit: q.limit, viewerId: userId });
  const approved = await approvedCounts(ctx.db, [...new Set(list.entries.map((e) => e.contest._id))]);
  return { ...list, entries: list.entries.map((e) => ({ ...e, approvedEntries: approved.get(e.contest._id) ?? 0 })) };
}
