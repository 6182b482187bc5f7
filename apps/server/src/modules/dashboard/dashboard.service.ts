/**
 * The signed-in user's overview (spec 001 §2 Overview, §7 Dashboard): figures and a merged feed
 * of their latest events, all computed from their own rows and their own ledger accounts.
 */
import { unitsToCredits, type TRecentActivity, type TUserStats, paths } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { recentOf } from '../activity/activity.repository.js';
import { contestStatuses } from '../contests/contests.repository.js';
import { userBalances } from '../ledger/ledger.js';
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
