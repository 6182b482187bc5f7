/**
 * The entry read model: TEntry with its participant, contest summary, ranking and likedByMe, in
 * pages filtered and sorted as the lists ask, and the contest leaderboard.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { unitsToCredits, pageOf } from '@contesthub/shared';
import type { DbOrTx } from '../../db/client.js';
import { contests, entries, entryLikes, users } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { statusForDates } from '../contests/phase.js';
import { RANKING_ORDER, rankingSql, type ContestRow, type EntryRow } from './entries.repository.js';
import type { TEntry } from '@contesthub/shared';

/** The participant columns an entry answer shows (ZEntryParticipant once mapped). */
const participantColumns = {
  id: users.id,
  fullName: users.fullName,
  username: users.username,
  profilePicture: users.profilePicture,
  isVerified: users.isVerified,
};

type ParticipantRow = { id: string; fullName: string; username: string; profilePicture: string | null; isVerified: boolean };

/** participantColumns as the answers show them (ZEntryParticipant). */
const toParticipant = (p: ParticipantRow) => ({
  _id: p.id,
  fullName: p.fullName,
  username: p.username,
  profilePicture: p.profilePicture,
  verified: p.isVerified,
});

function entrySelection(viewerId: string | undefined) {
  return {
    entry: entries,
    contest: {
      id: contests.id,
      title: contests.title,
      category: contests.category,
      status: contests.status,
      entryFee: contests.entryFee,
      entryFeeAmount: contests.entryFeeAmount,
      prizeType: contests.prizeType,
      prizeAmount: contests.prizeAmount,
      badgeTitle: contests.badgeTitle,
      entryStartDate: contests.entryStartDate,
      entryEndDate: contests.entryEndDate,
      votingStartDate: contests.votingStartDate,
      votingEndDate: contests.votingEndDate,
    },
    participant: participantColumns,
    ranking: rankingSql,
    likedByMe: viewerId
      ? sql<boolean>`exists(select 1 from ${entryLikes} where ${entryLikes.entryId} = ${entries.id} and ${entryLikes.userId} = ${viewerId})`
      : sql<null>`null`,
  };
}

type SelectedRow = {
  entry: EntryRow;
  contest: {
    id: string;
    title: string;
    category: string;
    status: ContestRow['status'];
    entryFee: ContestRow['entryFee'];
    entryFeeAmount: number;
    prizeType: ContestRow['prizeType'];
    prizeAmount: number;
    badgeTitle: string | null;
    entryStartDate: Date;
    entryEndDate: Date;
    votingStartDate: Date;
    votingEndDate: Date;
  };
  participant: ParticipantRow;
  ranking: number | null;
  likedByMe: boolean | null;
};

function toEntry(row: SelectedRow, at: Date): TEntry {
  const { entry, contest, participant } = row;
  const created = entry.createdAt.toISOString();
  return {
    _id: entry.id,
    title: entry.title,
    description: entry.description,
    entryType: entry.entryType,
    status: entry.status,
    rejectionReason: entry.rejectionReason,
    media: entry.media.map((m) => ({
      url: m.url,
      ...(m.thumbnailUrl ? { thumbnailUrl: m.thumbnailUrl } : {}),
      kind: m.kind,
      mimeType: m.mimeType,
      size: m.size,
      ...(m.width !== undefined ? { width: m.width } : {}),
      ...(m.height !== undefined ? { height: m.height } : {}),
      ...(m.variants ? { variants: m.variants.map((v) => ({ url: v.url, width: v.width })) } : {}),
    })),
    tags: entry.tags,
    settings: { allowSharing: entry.allowSharing },
    votesCount: entry.votesCount,
    weightedVotes: entry.weightedVotes,
    likesCount: entry.likesCount,
    commentsCount: entry.commentsCount,
    ...(row.likedByMe === null ? {} : { likedByMe: row.likedByMe }),
    participant: toParticipant(participant),
    contest: {
      _id: contest.id,
      title: contest.title,
      category: contest.category,
      // What the dates call for now, even if the scheduler has not written it yet.
      status: statusForDates(contest, at),
      entryFee: contest.entryFee,
      entryFeeAmount: unitsToCredits(contest.entryFeeAmount),
      prizeType: contest.prizeType,
      prizeAmount: contest.prizeAmount,
      badgeTitle: contest.badgeTitle,
    },
    ranking: row.ranking === null ? null : Number(row.ranking),
    createdAt: created,
    submittedAt: created,
  };
}

export type EntrySortKey = 'newest' | 'oldest' | 'popular' | 'votes' | 'title';
export type SortDir = 'asc' | 'desc';

/** Each sort's natural order; ties fall back to a stable key. `votes` is the ranking order. */
const SORTS: Record<EntrySortKey, Array<[SQL | AnyPgColumn, SortDir]>> = {
  newest: [
    [entries.createdAt, 'desc'],
    [entries.id, 'desc'],
  ],
  oldest: [
    [entries.createdAt, 'asc'],
    [entries.id, 'asc'],
  ],
  popular: [
    [entries.likesCount, 'desc'],
    [entries.createdAt, 'desc'],
    [entries.id, 'desc'],
  ],
  votes: [
    [entries.weightedVotes, 'desc'],
    [entries.createdAt, 'asc'],
    [entries.id, 'asc'],
  ],
  title: [
    [sql`lower(${entries.title})`, 'asc'],
    [entries.id, 'asc'],
  ],
};

/** The sort's order; an explicit sortOrder that differs from its natural direction reverses it all. */
function orderFor(sortBy: EntrySortKey, sortOrder?: SortDir): SQL[] {
  const spec = SORTS[sortBy];
  const flip = sortOrder !== undefined && sortOrder !== spec[0]![1];
  return spec.map(([col, dir]) => ((flip ? (dir === 'asc' ? 'desc' : 'asc') : dir) === 'asc' ? asc(col) : desc(col)));
}

/** Which entries: every field narrows (absent = any). */
export interface EntryFilter {
  id?: string | undefined;
  contestId?: string | undefined;
  participantId?: string | undefined;
  status?: EntryRow['status'] | undefined;
  entryType?: EntryRow['entryType'] | undefined;
  createdAfter?: Date | undefined;
  minVotes?: number | undefined;
  /**
   * Only the entries this reader sees: approved ones, plus (a signed-in reader) their own and every
   * entry of the contests they organize. Absent: no restriction (who sees everything is the caller's rule).
   */
  visibleTo?: { userId: string | null } | undefined;
  /** My Entries' phases at `at`: approved entries of contests voting now, or of contests over. */
  phase?: { is: 'voting' | 'completed'; at: Date } | undefined;
}

function phaseWhere(p: NonNullable<EntryFilter['phase']>): SQL | undefined {
  const { at } = p;
  if (p.is === 'voting') {
    // Entries closed (by date or early) and voting not yet over.
    return and(
      eq(entries.status, 'approved'),
      inArray(contests.status, ['active', 'voting']),
      gt(contests.votingEndDate, at),
      or(eq(contests.status, 'voting'), lte(contests.entryEndDate, at)),
    );
  }
  return and(
    eq(entries.status, 'approved'),
    or(eq(contests.status, 'ended'), and(inArray(contests.status, ['active', 'voting']), lte(contests.votingEndDate, at))),
  );
}

/** The where clause of `f` (reads join contests, so it may read the contest). */
function whereOf(f: EntryFilter): SQL | undefined {
  const v = f.visibleTo;
  return and(
    f.id ? eq(entries.id, f.id) : undefined,
    v
      ? v.userId
        ? or(eq(entries.status, 'approved'), eq(entries.participantId, v.userId), eq(contests.organizerId, v.userId))
        : eq(entries.status, 'approved')
      : undefined,
    f.contestId ? eq(entries.contestId, f.contestId) : undefined,
    f.participantId ? eq(entries.participantId, f.participantId) : undefined,
    f.status ? eq(entries.status, f.status) : undefined,
    f.entryType ? eq(entries.entryType, f.entryType) : undefined,
    f.createdAfter ? gte(entries.createdAt, f.createdAfter) : undefined,
    f.minVotes !== undefined ? gte(entries.weightedVotes, f.minVotes) : undefined,
    f.phase ? phaseWhere(f.phase) : undefined,
  );
}

export interface EntryQuery {
  filter: EntryFilter;
  /** Default: newest first. */
  sort?: { by: EntrySortKey; order?: SortDir | undefined };
  limit?: number;
  offset?: number;
  viewerId?: string | undefined;
}

/** Entries with everything TEntry shows, in the order asked. */
export async function findEntries(db: DbOrTx, q: EntryQuery): Promise<TEntry[]> {
  let query = db
    .select(entrySelection(q.viewerId))
    .from(entries)
    .innerJoin(contests, eq(contests.id, entries.contestId))
    .innerJoin(users, eq(users.id, entries.participantId))
    .where(whereOf(q.filter))
    .orderBy(...orderFor(q.sort?.by ?? 'newest', q.sort?.order))
    .$dynamic();
  if (q.limit !== undefined) query = query.limit(q.limit);
  if (q.offset !== undefined) query = query.offset(q.offset);
  const rows = (await query) as SelectedRow[];
  const at = now();
  return rows.map((r) => toEntry(r, at));
}

/** The status of an entry matching `filter` (a visibility check without the read model), or undefined. */
export async function matchingEntryStatus(db: DbOrTx, filter: EntryFilter): Promise<EntryRow['status'] | undefined> {
  const [row] = await db
    .select({ status: entries.status })
    .from(entries)
    .innerJoin(contests, eq(contests.id, entries.contestId))
    .where(whereOf(filter));
  return row?.status;
}

export async function findEntry(db: DbOrTx, id: string, viewerId?: string): Promise<TEntry | undefined> {
  const [entry] = await findEntries(db, { filter: { id }, viewerId, limit: 1 });
  return entry;
}

/** How many entries match, and the sum of their votesCount. */
export async function countEntries(db: DbOrTx, filter: EntryFilter): Promise<{ total: number; totalVotes: number }> {
  const [row] = await db
    .select({ total: count(), totalVotes: sql<number>`coalesce(sum(${entries.votesCount}), 0)::int` })
    .from(entries)
    .innerJoin(contests, eq(contests.id, entries.contestId))
    .where(whereOf(filter));
  return { total: Number(row?.total ?? 0), totalVotes: Number(row?.totalVotes ?? 0) };
}

/**
 * One page (`page` from 1, `limit` a page) of the entries matching `filter`, as the entry lists
 * answer it, and the sum of votesCount over every match (only GET /api/entries shows it).
 */
export async function entryPage(
  db: DbOrTx,
  q: { filter: EntryFilter; sort?: EntryQuery['sort']; page: number; limit: number; viewerId: string | undefined },
) {
  const [rows, counts] = await Promise.all([
    findEntries(db, { filter: q.filter, sort: q.sort, limit: q.limit, offset: (q.page - 1) * q.limit, viewerId: q.viewerId }),
    countEntries(db, q.filter),
  ]);
  const { total } = counts;
  const pagination = pageOf(q, total);
  return {
    list: { entries: rows, total, totalPages: pagination.totalPages, pagination },
    totalVotes: counts.totalVotes,
  };
}

export interface LeaderboardRow {
  rank: number;
  entry: {
    _id: string;
    title: string;
    entryType: EntryRow['entryType'];
    thumbnailUrl: string | null;
    createdAt: string;
    participant: { _id: string; fullName: string; username: string; profilePicture: string | null; verified: boolean };
  };
  votes: number;
  votesCount: number;
}

/** The top `limit` approved entries of a contest in RANKING_ORDER, ranked 1…n (ties still get distinct ranks). */
export async function leaderboard(db: DbOrTx, contestId: string, limit: number): Promise<LeaderboardRow[]> {
  const rows = await db
    .select({
      entry: entries,
      participant: participantColumns,
    })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.participantId))
    .where(and(eq(entries.contestId, contestId), eq(entries.status, 'approved')))
    .orderBy(...RANKING_ORDER)
    .limit(limit);
  return rows.map(({ entry, participant }, i) => {
    const first = entry.media[0];
    return {
      rank: i + 1,
      entry: {
        _id: entry.id,
        title: entry.title,
        entryType: entry.entryType,
        thumbnailUrl: first?.thumbnailUrl ?? (first?.kind === 'image' ? first.url : null),
        createdAt: entry.createdAt.toISOString(),
        participant: toParticipant(participant),
      },
      votes: entry.weightedVotes,
      votesCount: entry.votesCount,
    };
  });
}
