/** Comment counts by status and the most discussed contests (moderators and admins). */
import type { Actor } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { assertStaff, VISIBLE } from './comment-access.js';
import { anonymousAndRecent, countsByStatus, mostCommentedContests, type CommentStatus } from './comments.repository.js';

export interface CommentAnalytics {
  total: number;
  byStatus: Record<CommentStatus, number>;
  anonymous: number;
  last7Days: number;
  topContests: Array<{ contestId: string; title: string; comments: number }>;
}

export async function commentAnalytics(ctx: AppContext, viewer: Actor): Promise<CommentAnalytics> {
  assertStaff(viewer);
  const weekAgo = new Date(now().getTime() - 7 * 24 * 3600_000);
  const [statusRows, extra, top] = await Promise.all([
    countsByStatus(ctx.db),
    anonymousAndRecent(ctx.db, weekAgo),
    mostCommentedContests(ctx.db, VISIBLE, 5),
  ]);
  const byStatus: Record<CommentStatus, number> = { active: 0, flagged: 0, hidden: 0, deleted: 0 };
  for (const r of statusRows) byStatus[r.status] = r.n;
  return {
    total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    byStatus,
    anonymous: extra?.anonymous ?? 0,
    last7Days: extra?.recent ?? 0,
    topContests: top,
  };
}
