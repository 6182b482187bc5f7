/** Browse, search, featured and categories: the public contest lists (drafts never listed). */
import {
  CONTEST_CATEGORIES,
  pageOf,
  type ContestCategory,
  type ContestStatus,
  type EntryType,
  type PrizeType,
  type TContest,
  type TContestCategoryCount,
  type TContestList,
  type VotingType,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { browsePage, categoryCounts, featuredViews, type ContestSort } from './contest-browse.repository.js';
import { searchTsQuery } from './contest-search.js';
import { viewToDto } from './contests.dto.js';

export type { ContestSort } from './contest-browse.repository.js';

export interface ContestListQuery {
  page: number;
  limit: number;
  status?: ContestStatus | undefined;
  category?: ContestCategory | undefined;
  entryType?: EntryType | undefined;
  prizeType?: PrizeType | undefined;
  entryFee?: 'free' | 'paid' | undefined;
  votingType?: VotingType | undefined;
  search?: string | undefined;
  /** Without one: relevance when searching, else newest. */
  sortBy?: ContestSort | undefined;
}

/** GET /api/contests (and /search): every filter, search, sort and page; drafts never listed. */
export async function listContests(ctx: AppContext, q: ContestListQuery): Promise<TContestList> {
  const at = now();
  const search = q.search?.trim() || undefined;
  const sort = q.sortBy ?? (search ? 'relevance' : 'newest');
  const tsq = search ? await searchTsQuery(ctx.db, search) : undefined;
  // A search without a single word (only punctuation) matches nothing.
  if (search && !tsq) {
    const none = pageOf(q, 0);
    return { contests: [], pagination: none, totalContests: 0, totalPages: none.totalPages };
  }
  const filter = {
    status: q.status,
    category: q.category,
    entryType: q.entryType,
    prizeType: q.prizeType,
    entryFee: q.entryFee,
    votingType: q.votingType,
    tsq: tsq ?? undefined,
  };
  const { rows, total } = await browsePage(ctx.db, filter, sort, q, at);
  const page = pageOf(q, total);
  return { contests: rows.map((r) => viewToDto(r, at)), pagination: page, totalContests: total, totalPages: page.totalPages };
}

/** GET /api/contests/search?q: the list's search, ranked by relevance. */
export async function searchContests(ctx: AppContext, q: { q: string; page: number; limit: number }): Promise<TContestList> {
  // The query schema (ZContestSearchQuery) has trimmed the term and refused one too short.
  return listContests(ctx, { page: q.page, limit: q.limit, search: q.q, sortBy: 'relevance' });
}

/** GET /api/contests/featured: featured contests first, then the busiest open ones. */
export async function featuredContests(ctx: AppContext, limit: number): Promise<TContest[]> {
  const at = now();
  const rows = await featuredViews(ctx.db, at, limit);
  return rows.map((r) => viewToDto(r, at));
}

/** GET /api/contests/categories: every category with its number of (non-draft) contests. */
export async function contestCategories(ctx: AppContext): Promise<TContestCategoryCount[]> {
  const rows = await categoryCounts(ctx.db, now());
  const byCategory = new Map(rows.map((r) => [r.category, r]));
  return CONTEST_CATEGORIES.map((category) => ({
    category,
    count: byCategory.get(category)?.n ?? 0,
    activeCount: byCategory.get(category)?.active ?? 0,
  }));
}
