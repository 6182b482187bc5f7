/** Entries awaiting review across every contest, per contest with the link to its review page (Contest Management). */
import { pageOf, pageOffset, paths, type PageRequest, type TPendingEntriesPage } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { pendingEntriesByContest } from '../entries/pending-review.repository.js';

/** GET /api/admin-tools/contests/pending-entries */
export async function listPendingEntries(ctx: AppContext, q: PageRequest): Promise<TPendingEntriesPage> {
  const { rows, totalContests, totalPending } = await pendingEntriesByContest(ctx.db, { limit: q.limit, offset: pageOffset(q) });
  return {
    contests: rows.map((r) => ({
      contestId: r.contestId,
      title: r.title,
      status: r.status,
      organizerName: r.organizerName,
      pendingCount: Number(r.pendingCount),
      oldestSubmittedAt: new Date(r.oldest as unknown as string).toISOString(),
      entryEndDate: r.entryEndDate.toISOString(),
      reviewPath: paths.dashboard.contestReview(r.contestId),
    })),
    totalPending,
    pagination: pageOf(q, totalContests),
  };
}
