/**
 * Rows for the vote, comment and report suites, written straight with drizzle: a contest in the
 * phase a test needs (dates around the test clock), entries, and vote credits funded from the
 * promotions account through the ledger.
 */
import { creditsToUnits } from '@contesthub/shared';
import type { AppContext } from '../src/context.js';
import { contests, entries } from '../src/db/schema/index.js';
import { now } from '../src/lib/clock.js';
import { accounts, post } from '../src/modules/ledger/ledger.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

type NewContest = typeof contests.$inferInsert;
type NewEntry = typeof entries.$inferInsert;

let counter = 0;

/**
 * A contest in its voting window by default: entries ran from 3 days to 1 day ago, voting from
 * 5 minutes ago to 10 minutes ahead (inside one access token's 15 minutes, so tests can move the
 * clock past either end without signing in again). Both vote types, 10 credits a paid vote.
 */
export async function insertContest(ctx: AppContext, organizerId: string, overrides: Partial<NewContest> = {}) {
  const at = now().getTime();
  counter += 1;
  const [row] = await ctx.db
    .insert(contests)
    .values({
      organizerId,
      title: `Contest ${counter}`,
      description: 'A contest for tests',
      category: 'photography',
      status: 'voting',
      prizeType: 'badge',
      badgeTitle: 'Champion',
      entryType: 'photo',
      entryStartDate: new Date(at - 3 * DAY),
      entryEndDate: new Date(at - DAY),
      votingStartDate: new Date(at - 5 * MINUTE),
      votingEndDate: new Date(at + 10 * MINUTE),
      votingType: 'both',
      votingFeeAmount: creditsToUnits(10),
      freeVotesPerUser: 3,
      maxVotesPerUser: null,
      createdAt: new Date(at - 4 * DAY),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertEntry(ctx: AppContext, contestId: string, participantId: string, overrides: Partial<NewEntry> = {}) {
  counter += 1;
  const [row] = await ctx.db
    .insert(entries)
    .values({
      contestId,
      participantId,
      title: `Entry ${counter}`,
      description: 'An entry for tests',
      entryType: 'photo',
      status: 'approved',
      createdAt: new Date(now().getTime() - 2 * DAY + counter),
      ...overrides,
    })
    .returning();
  return row!;
}

/** Give a user vote credits (whole credits) from the promotions account. */
export async function fundCredits(ctx: AppContext, userId: string, credits: number): Promise<void> {
  const units = creditsToUnits(credits);
  counter += 1;
  await ctx.db.transaction((tx) =>
    post(tx, {
      reference: `test:fund:${userId}:${counter}:${Math.random()}`,
      kind: 'promotional_credit',
      description: 'Test credits',
      lines: [
        { account: accounts.userCredits(userId), amount: units },
        { account: accounts.promotions(), amount: -units },
      ],
    }),
  );
}
