/**
 * The signed-in user's overview (spec 001 §2 Overview, §7 Dashboard): figures and a merged feed
 * of their latest events, all computed from their own rows and their own ledger accounts.
 */
import { unitsToCredits, type TAdminStats, type TRecentActivity, type TUserStats, paths } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { recentOf } from '../activity/activity.repository.js';
import { contestStatuses } from '../contests/contests.repository.js';
import { platformRevenueTotal, userBalances } from '../ledger/ledger.js';
import { systemHealth } from '../operations/system-health.js';
import { findWalletAccount, winnings } from '../wallet/wallet.repository.js';
import * as repo from './dashboard.repository.js';

/** GET /api/dashboard/user-stats. */
export async function userStats(ctx: AppContext, userId: string): Promise<TUserStats> {
  const db = ctx.db;
  const [created, entryCounts, votesCast, wins, rank, badges, balances, walletAccount] = await Promise.all([
    repo.contestsCreated(db, userId),
    repo.entryCounts(db, userId),
    repo.votesCast(db, userId),
    repo.wins(db, userId),
    repo.bestRank(db, userId),
    repo.badges(db, userId),
    userBalances(db, userId),
    findWalletAccount(db, userId),
  ]);
  const won = await winnings(db, walletAccount?.id);
  return {
    contestsCreated: created,
    contestsJoined: entryCounts.contests,
    entriesSubmitted: entryCounts.entries,
    votesCast,
    wins,
    totalWinnings: won.kobo,
    walletBalance: balances.walletKobo,
    voteCredits: unitsToCredits(balances.creditUnits),
    currentRank: rank,
    badges: badges.map((b) => ({ ...b, awardedAt: b.awardedAt.toISOString() })),
  };
}

/**
 * GET /api/dashboard/recent-activity: the newest `limit` things the person did or that happened to
 * them, kept by the activity subscriber from the domain events (modules/activity). A contest still
 * in draft links to My Contests (it has no public page yet); any other contest to its page.
 */
export async function recentActivity(ctx: AppContext, userId: string, limit: number): Promise<TRecentActivity[]> {
  const items = await recentOf(ctx.db, userId, limit);
  const statuses = await contestStatuses(ctx.db, [...new Set(items.flatMap((i) => (i.contestId ? [i.contestId] : [])))]);
  return items.map((i) => ({
    id: i.id,
    type: i.type,
    title: i.title,
    link: i.contestId ? (statuses.get(i.contestId) === 'draft' ? paths.dashboard.contests() : paths.contest(i.contestId)) : i.link,
    createdAt: i.createdAt.toISOString(),
  }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/dashboard/admin-stats (spec 002 §3 "Admin stats on the overview", §2.2 with the
 * placeholders made real): people, live contests, all-time naira revenue (the revenue accounts, as
 * the reconciliation reports it), items with pending reports (all, users, contests), entries
 * awaiting review, people active in the last day, and system monitoring's overall status with this
 * instance's p95, CPU and memory and the last hour's share of answers that were not 5xx.
 */
export async function adminStats(ctx: AppContext): Promise<TAdminStats> {
  const db = ctx.db;
  const [people, live, revenue, flagged, pendingReview, health] = await Promise.all([
    repo.userCounts(db, new Date(now().getTime() - DAY_MS)),
    repo.activeContests(db),
    platformRevenueTotal(db, 'NGN'),
    repo.flaggedItems(db),
    repo.entriesAwaitingReview(db),
    systemHealth(ctx),
  ]);
  const hour = health.traffic.last60Minutes;
  return {
    totalUsers: people.total,
    activeContests: live,
    totalRevenue: revenue,
    flaggedContent: flagged.all,
    flaggedUsers: flagged.users,
    flaggedContests: flagged.contests,
    pendingReview,
    dailyActiveUsers: people.activeSince,
    systemHealth: {
      status: health.status,
      availabilityPercent: hour.requests === 0 ? null : Math.round((100 - hour.errorRatePercent) * 100) / 100,
      responseTimeMs: health.traffic.last5Minutes.p95Ms,
      cpuPercent: health.cpu.percent,
      memoryPercent: health.memory.percent,
    },
  };
}
