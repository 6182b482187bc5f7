/**
 * The signed-in user's overview (spec 001 §2 Overview, §7 Dashboard): figures and a merged feed
 * of their latest events, all computed from their own rows and their own ledger accounts.
 */
import { unitsToCredits, type TRecentActivity, type TUserStats } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
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

const q = (text: string) => `"${text}"`;

/**
 * GET /api/dashboard/recent-activity: the newest `limit` events across contests created, entries
 * submitted and reviewed, votes cast, prizes won and comments posted. Each source is read with
 * its own LIMIT, so the merge never needs more than `limit` rows of any one of them.
 */
export async function recentActivity(ctx: AppContext, userId: string, limit: number): Promise<TRecentActivity[]> {
  const db = ctx.db;
  const [created, submitted, reviewed, voted, won, commented] = await Promise.all([
    repo.recentContests(db, userId, limit),
    repo.recentEntries(db, userId, limit),
    repo.recentReviews(db, userId, limit),
    repo.recentVotes(db, userId, limit),
    repo.recentWins(db, userId, limit),
    repo.recentComments(db, userId, limit),
  ]);
  const items: Array<Omit<TRecentActivity, 'createdAt'> & { at: Date }> = [
    ...created.map((c) => ({
      id: `contest_created:${c.id}`,
      type: 'contest_created' as const,
      title: `You created the contest ${q(c.title)}`,
      // A draft has no public page yet; My Contests lists it.
      link: c.status === 'draft' ? '/dashboard/contests' : `/contest/${c.id}`,
      at: c.at,
    })),
    ...submitted.map((e) => ({
      id: `entry_submitted:${e.id}`,
      type: 'entry_submitted' as const,
      title: `You submitted ${q(e.title)} to ${q(e.contestTitle)}`,
      link: '/dashboard/entries',
      at: e.at,
    })),
    ...reviewed.map((e) => ({
      id: `entry_${e.status}:${e.id}`,
      type: e.status === 'approved' ? ('entry_approved' as const) : ('entry_rejected' as const),
      title: `Your entry ${q(e.title)} was ${e.status}`,
      link: '/dashboard/entries',
      at: e.at!,
    })),
    ...voted.map((v) => ({
      id: `vote_cast:${v.id}`,
      type: 'vote_cast' as const,
      title: `You ${v.amount === 1 ? 'voted' : `cast ${v.amount} votes`} for ${q(v.entryTitle)} in ${q(v.contestTitle)}`,
      link: `/contest/${v.contestId}`,
      at: v.at,
    })),
    ...won.map((w) => ({
      id: `prize_won:${w.contestId}`,
      type: 'prize_won' as const,
      title: `You won ${q(w.contestTitle)}`,
      link: `/contest/${w.contestId}`,
      at: w.at!,
    })),
    ...commented.map((c) => ({
      id: `comment_posted:${c.id}`,
      type: 'comment_posted' as const,
      title: `You commented on ${q(c.contestTitle)}`,
      link: `/contest/${c.contestId}`,
      at: c.at,
    })),
  ];
  items.sort((a, b) => b.at.getTime() - a.at.getTime() || a.id.localeCompare(b.id));
  return items.slice(0, limit).map(({ at, ...item }) => ({ ...item, createdAt: at.toISOString() }));
}
