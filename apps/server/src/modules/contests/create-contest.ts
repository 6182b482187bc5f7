/**
 * POST /api/contests: the tier limit, the badge fee or the prize escrow, the contest row and the
 * organizer's monthly count, in one transaction (see createContest).
 */
import { randomUUID } from 'node:crypto';
import {
  BADGE_CONTEST_CREDIT_COST,
  FREE_TIER_CONTESTS_PER_MONTH,
  creditsToUnits,
  unitsToCredits,
  watMonth,
  type Actor,
  type TContest,
  type TCreateContest,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError, isAppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { accounts } from '../ledger/accounts.js';
import { balanceOf, post } from '../ledger/ledger.js';
import { isPremium } from '../subscriptions/benefits.js';
import { contestsUsedThisMonth } from '../users/users.service.js';
import { contestView } from './contest-reads.js';
import { badgeFeeReference, escrowFundingReference } from './contest-funds.js';
import { contestCreated } from './contests.events.js';
import { CONTEST_MESSAGES, fieldError } from './contests.messages.js';
import * as repo from './contests.repository.js';
import { discardCover, storeCover } from './contests.upload.js';

/** Premium (a live paid tier, or an admin) creates without the monthly limit. */
export function hasUnlimitedContests(user: Parameters<typeof isPremium>[0], at: Date): boolean {
  return isPremium(user, at);
}

/** A ledger refusal inside the creation transaction, told with the spec's words. */
function prizeRefusal(err: unknown, input: TCreateContest): unknown {
  if (!isAppError(err)) return err;
  if (err.errorType === 'INSUFFICIENT_CREDITS') {
    return new AppError(400, CONTEST_MESSAGES.badgeCredits, 'INSUFFICIENT_CREDITS', { required: BADGE_CONTEST_CREDIT_COST });
  }
  if (err.errorType === 'INSUFFICIENT_BALANCE') {
    return new AppError(400, CONTEST_MESSAGES.wallet(input.prizeAmount), 'INSUFFICIENT_BALANCE', { required: input.prizeAmount });
  }
  return err;
}

/**
 * POST /api/contests. One transaction: the organizer's row is locked (so two creations at once
 * cannot both take the last free slot), the month's count is reset when the month changed, the
 * limit and the balances are checked, the contest inserted, the badge fee or the prize moved, and
 * the count raised. A cover image is stored first and removed again if the transaction fails.
 */
export async function createContest(ctx: AppContext, actor: Actor, input: TCreateContest, cover?: Buffer): Promise<TContest> {
  const at = now();
  if (new Date(input.entryEndDate) <= at) throw fieldError('entryEndDate', CONTEST_MESSAGES.entryEndPast);

  const id = randomUUID();
  const stored = await storeCover(ctx, id, cover);

  try {
    await ctx.db.transaction(async (tx) => {
      const user = await repo.lockOrganizer(tx, actor.userId);
      if (!user) throw AppError.unauthorized();
      const used = contestsUsedThisMonth(user, at);
      const sameMonth = !!user.lastContestReset && watMonth(user.lastContestReset) === watMonth(at);
      if (!hasUnlimitedContests(user, at) && used >= FREE_TIER_CONTESTS_PER_MONTH) {
        throw AppError.forbidden(CONTEST_MESSAGES.tierLimit, 'FORBIDDEN', { limit: FREE_TIER_CONTESTS_PER_MONTH, used });
      }

      const badgeUnits = creditsToUnits(BADGE_CONTEST_CREDIT_COST);
      if (input.prizeType === 'badge') {
        const available = await balanceOf(tx, accounts.userCredits(user.id));
        if (available < badgeUnits) {
          throw new AppError(400, CONTEST_MESSAGES.badgeCredits, 'INSUFFICIENT_CREDITS', {
            required: BADGE_CONTEST_CREDIT_COST,
            available: unitsToCredits(available),
            shortBy: unitsToCredits(badgeUnits - available),
          });
        }
      } else {
        const available = await balanceOf(tx, accounts.userWallet(user.id));
        if (available < input.prizeAmount) {
          throw new AppError(400, CONTEST_MESSAGES.wallet(input.prizeAmount), 'INSUFFICIENT_BALANCE', {
            required: input.prizeAmount,
            available,
            shortBy: input.prizeAmount - available,
          });
        }
      }

      const isCash = input.prizeType !== 'badge';
      await repo.insertContest(tx, {
        id,
        organizerId: user.id,
        title: input.title,
        description: input.description,
        category: input.category,
        customCategory: input.category === 'other' ? (input.customCategory ?? null) : null,
        tags: input.tags,
        rules: input.rules,
        coverImage: stored?.url ?? null,
        coverImageSet: stored?.set ?? null,
        status: 'active',
        prizeType: input.prizeType,
        prizeAmount: isCash ? input.prizeAmount : 0,
        prizeItems: input.prizeType === 'cashanditem' ? input.prizeItems : [],
        badgeTitle: input.prizeType === 'badge' ? (input.badgeTitle ?? null) : null,
        entryType: input.entryType,
        entryFee: input.entryFee,
        entryFeeAmount: input.entryFee === 'paid' ? creditsToUnits(input.entryFeeAmount) : 0,
        entryReview: input.entryReview,
        maxParticipants: input.maxParticipants ?? null,
        entryStartDate: new Date(input.entryStartDate),
        entryEndDate: new Date(input.entryEndDate),
        votingStartDate: new Date(input.votingStartDate),
        votingEndDate: new Date(input.votingEndDate),
        votingType: input.votingType,
        votingFeeAmount: input.votingType === 'free' ? 0 : creditsToUnits(input.votingFeeAmount),
        freeVotesPerUser: input.votingType === 'paid' ? 0 : input.freeVotesPerUser,
        maxVotesPerUser: input.maxVotesPerUser,
        restrictions: input.restrictions,
        settings: { ...input.settings, requireApproval: input.entryReview === 'review' },
        isAdminContest: user.role === 'admin',
        createdAt: at,
        updatedAt: at,
      });

      try {
        if (input.prizeType === 'badge') {
          await post(tx, {
            reference: badgeFeeReference(id),
            kind: 'contest_badge_fee',
            description: `Badge contest fee for "${input.title}"`,
            metadata: { contestId: id },
            lines: [
              { account: accounts.userCredits(user.id), amount: -badgeUnits },
              { account: accounts.platformRevenue('CREDIT'), amount: badgeUnits },
            ],
          });
        } else {
          await post(tx, {
            reference: escrowFundingReference(id),
            kind: 'contest_escrow',
            description: `Prize for "${input.title}" held in escrow`,
            metadata: { contestId: id },
            lines: [
              { account: accounts.userWallet(user.id), amount: -input.prizeAmount },
              { account: accounts.contestEscrow(id, 'NGN'), amount: input.prizeAmount },
            ],
          });
        }
      } catch (err) {
        // Spent elsewhere between the check and the post: same refusal, same words.
        throw prizeRefusal(err, input);
      }

      await repo.setMonthlyContestCount(tx, user.id, {
        monthlyContestCount: used + 1,
        lastContestReset: sameMonth ? user.lastContestReset : at,
        updatedAt: at,
      });
      await recordEvent(tx, contestCreated, { contestId: id, organizerId: user.id, status: 'active' }, { actorId: user.id });
    });
  } catch (err) {
    await discardCover(ctx, stored);
    throw err;
  }
  return contestView(ctx.db, id, now());
}
