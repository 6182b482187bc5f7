/**
 * The contest lists' queries: browse (filters, full-text search, sorts), featured, categories, and
 * an organizer's contests. Which contests and in which order a list asks for is decided in
 * list-contests.ts and contest-reads.ts; the search words in contest-search.ts.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CONTEST_SORTS, ContestCategory, ContestStatus, EntryType, PageRequest, PrizeType, VotingType } from '@contesthub/shared';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { contests } from '../../db/schema/index.js';
import { selectContestViews, type ContestViewRow } from './contests.repository.js';

/**
 * Contests whose status at `at` is `status` as the answers show it (statusForDates): the stored
 * status, moved along by the dates the scheduler may not have caught up with yet.
 */
function statusIs(status: ContestStatus, at: Date): SQL {
  switch (status) {
    case 'draft':
    case 'cancelled':
      return eq(contests.status, status);
    case 'active':
      return and(eq(contests.status, 'active'), gt(contests.entryEndDate, at))!;
    case 'voting':
      return and(
        gt(contests.votingEndDate, at),
        or(eq(contests.status, 'voting'), and(eq(contests.status, 'active'), lte(contests.entryEndDate, at))),
      )!;
    case 'ended':
      return or(eq(contests.status, 'ended'), and(inArray(contests.status, ['active', 'voting']), lte(contests.votingEndDate, at)))!;
  }
}

// ---------- search ----------

const SEARCH_VECTOR = sql`"contests"."search_vector"`;
const tsQuery = (text: string) => sql`to_tsquery('simple'::regconfig, ${text})`;

/** Contests matching a tsquery from searchTsQuery: answered from the search vector's GIN index. */
const searchMatches = (text: string): SQL => sql`${SEARCH_VECTOR} @@ ${tsQuery(text)}`;

/** Full-text rank: a title match above category and tags above the description. */
const searchRank = (text: string): SQL => sql`ts_rank(${SEARCH_VECTOR}, ${tsQuery(text)})`;

/**
 * For each of `terms` the contests never use, up to `perTerm` known words that resemble it (pg_trgm
 * on the `search_words` vocabulary), most similar first. A word the contests use is left alone.
 */
export async function similarSearchWords(db: DbOrTx, terms: string[], perTerm: number): Promise<Array<{ term: string; word: string }>> {
  if (terms.length === 0) return [];
  return queryRows<{ term: string; word: string }>(
    db,
    sql`select t.term, s.word
        from unnest(string_to_array(${terms.join(' ')}, ' ')) as t(term)
        -- A word the contests already use is taken as typed, not "corrected".
        cross join lateral (select 1 where not exists (select 1 from search_words k where k.word = t.term)) as unknown
        cross join lateral (
          select word from search_words where word % t.term and word <> t.term
          order by similarity(word, t.term) desc, word limit ${perTerm}
        ) as s`,
  );
}

// ---------- browse ----------

export type ContestSort = (typeof CONTEST_SORTS)[number];

export interface BrowseFilter {
  status?: ContestStatus | undefined;
  category?: ContestCategory | undefined;
  entryType?: EntryType | undefined;
  prizeType?: PrizeType | undefined;
  entryFee?: 'free' | 'paid' | undefined;
  votingType?: VotingType | undefined;
  /** The expanded search (contest-search.ts: searchTsQuery). */
  tsq?: string | undefined;
}

/** Drafts are never listed. */
function browseWhere(f: BrowseFilter, at: Date): SQL | undefined {
  return and(
    ne(contests.status, 'draft'),
    f.status ? statusIs(f.status, at) : undefined,
    f.category ? eq(contests.category, f.category) : undefined,
    f.entryType ? eq(contests.entryType, f.entryType) : undefined,
    f.prizeType ? eq(contests.prizeType, f.prizeType) : undefined,
    f.entryFee ? eq(contests.entryFee, f.entryFee) : undefined,
    f.votingType ? eq(contests.votingType, f.votingType) : undefined,
    f.tsq ? searchMatches(f.tsq) : undefined,
  );
}

function browseOrder(sort: ContestSort, tsq: string | undefined, at: Date): SQL[] {
  const newest = [desc(contests.createdAt), desc(contests.id)];
  switch (sort) {
    case 'relevance':
      return tsq ? [sql`${searchRank(tsq)} desc`, ...newest] : newest;
    case 'oldest':
      return [asc(contests.createdAt), asc(contests.id)];
    case 'deadline': {
      // Contests still taking entries first, closest deadline first; the rest after, most recently closed first.
      const open = sql`(${contests.status} = 'active' and ${contests.entryEndDate} > ${at.toISOString()}::timestamptz)`;
      return [
        sql`case when ${open} then 0 else 1 end`,
        sql`case when ${open} then ${contests.entryEndDate} end asc nulls last`,
        desc(contests.entryEndDate),
        desc(contests.id),
      ];
    }
    case 'entries':
      return [desc(contests.totalEntries), ...newest];
    case 'prize':
      return [desc(contests.prizeAmount), ...newest];
    case 'votes':
      return [desc(contests.totalVotes), ...newest];
    case 'newest':
      return newest;
  }
}

/**
 * One page of the contests matching `filter` in `sort` order, read whole with their organizer and
 * winner, and how many match. Deferred join: the page is chosen on narrow rows (id and sort keys),
 * then only its contests are read whole. Sorting every wide row spilled to disk (bench/browse).
 */
export async function browsePage(
  db: DbOrTx,
  filter: BrowseFilter,
  sort: ContestSort,
  q: PageRequest,
  at: Date,
): Promise<{ rows: ContestViewRow[]; total: number }> {
  const where = browseWhere(filter, at);
  const [pageIds, [counted]] = await Promise.all([
    db
      .select({ id: contests.id })
      .from(contests)
      .where(where)
      .orderBy(...browseOrder(sort, filter.tsq, at))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(contests).where(where),
  ]);
  const views = pageIds.length
    ? await selectContestViews(db).where(
        inArray(
          contests.id,
          pageIds.map((r) => r.id),
        ),
      )
    : [];
  const byId = new Map(views.map((v) => [v.contest.id, v]));
  return { rows: pageIds.flatMap((r) => byId.get(r.id) ?? []), total: counted?.n ?? 0 };
}

/** Open contests (taking entries or voting at `at`): featured first, then the busiest. */
export async function featuredViews(db: DbOrTx, at: Date, limit: number): Promise<ContestViewRow[]> {
  return selectContestViews(db)
    .where(or(statusIs('active', at), statusIs('voting', at)))
    .orderBy(desc(contests.isFeatured), desc(contests.totalEntries), desc(contests.totalVotes), desc(contests.createdAt), desc(contests.id))
    .limit(limit);
}

/** Non-draft contests per category, and how many of them are open at `at`. */
export async function categoryCounts(db: DbOrTx, at: Date) {
  return db
    .select({
      category: contests.category,
      n: count(),
      active: sql<number>`count(*) filter (where ${or(statusIs('active', at), statusIs('voting', at))})`.mapWith(Number),
    })
    .from(contests)
    .where(ne(contests.status, 'draft'))
    .groupBy(contests.category);
}

/** An organizer's contests (optionally without drafts, optionally of one status at `at`), newest first, a page and the total. */
export async function organizerPage(
  db: DbOrTx,
  f: { organizerId: string; withDrafts: boolean; status?: ContestStatus | undefined },
  q: PageRequest,
  at: Date,
): Promise<{ rows: ContestViewRow[]; total: number }> {
  const where = and(
    eq(contests.organizerId, f.organizerId),
    f.withDrafts ? undefined : ne(contests.status, 'draft'),
    f.status ? statusIs(f.status, at) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    selectContestViews(db)
      .where(where)
      .orderBy(desc(contests.createdAt), desc(contests.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(contests).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
