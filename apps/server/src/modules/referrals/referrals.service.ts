import {
  MESSAGES,
  REFERRAL,
  creditsToUnits,
  unitsToCredits,
  type TAddReferralResult,
  type TReferralStats,
  pageOf,
  paths,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { accounts } from '../ledger/accounts.js';
import { post } from '../ledger/ledger.js';
import { shareFingerprint } from '../users/fingerprints.js';
import {
  claimRefereeReward,
  findReferrerByCode,
  fullNameOf,
  inReferralChain,
  insertReferral,
  isUserVerified,
  lockReferralRows,
  paidRewardsOf,
  referralFieldsOf,
  referralsBy,
  referrerRanking,
  setReferredBy,
} from './referrals.repository.js';

const REFERRER_UNITS = creditsToUnits(REFERRAL.referrerBonusCredits);
const REFEREE_UNITS = creditsToUnits(REFERRAL.refereeBonusCredits);

export async function findReferrer(db: DbOrTx, code: string) {
  return findReferrerByCode(db, code.trim().toUpperCase());
}

/** Longest referral chain walked when looking for a cycle; real chains are a handful long. */
const MAX_CHAIN = 1000;

/**
 * True when `ancestorId` is found walking up from `userId` through who referred whom: then
 * `ancestorId` taking `userId`'s code would close a cycle (A refers B and B refers A, or longer).
 * The referee's row is locked by the caller, so two such referrals cannot both pass.
 */
async function isAncestor(tx: Tx, ancestorId: string, userId: string): Promise<boolean> {
  return inReferralChain(tx, ancestorId, userId, MAX_CHAIN);
}

/**
 * Records that `refereeId` was referred by the owner of `code` and pays the referrer's 50 credits
 * at once. Both the referrals row (unique per referee) and the ledger reference make a repeat
 * harmless. Runs inside the caller's transaction (registration or add-code).
 */
export async function applyReferral(tx: Tx, refereeId: string, code: string): Promise<{ referrerId: string; referrerName: string }> {
  const referrer = await findReferrer(tx, code);
  if (!referrer)
    throw new AppError(404, MESSAGES.accounts.referralInvalid, 'INVALID_REFERRAL_CODE', {
      errors: { referralCode: MESSAGES.accounts.referralInvalid },
    });
  if (referrer.id === refereeId) throw new AppError(400, MESSAGES.accounts.referralSelf, 'SELF_REFERRAL');
  // Both rows locked, in one order: two people taking each other's code at once are serialised, and
  // the second sees the first's referral when it looks for a cycle.
  const locked = await lockReferralRows(tx, [refereeId, referrer.id]);
  const referee = locked.find((r) => r.id === refereeId);
  if (referee?.referredBy) throw new AppError(409, MESSAGES.accounts.referralAlready, 'ALREADY_REFERRED');
  if (await isAncestor(tx, refereeId, referrer.id)) throw new AppError(400, MESSAGES.accounts.referralCycle, 'REFERRAL_CYCLE');
  if (await shareFingerprint(tx, refereeId, referrer.id)) {
    throw new AppError(400, MESSAGES.accounts.referralSamePerson, 'REFERRAL_SAME_PERSON');
  }

  const at = now();
  await setReferredBy(tx, refereeId, referrer.id, at);
  await insertReferral(tx, {
    referrerId: referrer.id,
    refereeId,
    code: code.trim().toUpperCase(),
    referrerReward: REFERRER_UNITS,
    refereeReward: REFEREE_UNITS,
    referrerRewardedAt: at,
    createdAt: at,
  });
  await post(tx, {
    reference: `referral:referrer:${refereeId}`,
    kind: 'referral_bonus',
    description: 'Referral bonus: a friend joined with your code',
    metadata: { refereeId },
    lines: [
      { account: accounts.userCredits(referrer.id), amount: REFERRER_UNITS },
      { account: accounts.promotions(), amount: -REFERRER_UNITS },
    ],
  });
  return { referrerId: referrer.id, referrerName: referrer.fullName };
}

/**
 * The new user's 25 credits, once their email is verified. Returns the credits granted now
 * (0 when there is no referral or it was already paid).
 */
export async function grantRefereeBonus(tx: Tx, refereeId: string): Promise<number> {
  const reward = await claimRefereeReward(tx, refereeId, now());
  if (!reward) return 0;
  await post(tx, {
    reference: `referral:referee:${refereeId}`,
    kind: 'referral_bonus',
    description: 'Welcome bonus for joining with a referral code',
    metadata: { refereeId },
    lines: [
      { account: accounts.userCredits(refereeId), amount: reward },
      { account: accounts.promotions(), amount: -reward },
    ],
  });
  return unitsToCredits(reward);
}

/** POST /referrals/add-code (and /process): a user without a referrer names one. */
export async function addCode(ctx: AppContext, userId: string, code: string): Promise<TAddReferralResult> {
  return ctx.db.transaction(async (tx) => {
    const { referrerName } = await applyReferral(tx, userId, code);
    const granted = (await isUserVerified(tx, userId)) ? await grantRefereeBonus(tx, userId) : 0;
    return {
      referrerName,
      referrerBonus: REFERRAL.referrerBonusCredits,
      refereeBonus: REFERRAL.refereeBonusCredits,
      refereeBonusPending: granted === 0,
    };
  });
}

export async function validateCode(db: DbOrTx, code: string): Promise<{ valid: boolean; referrerName?: string }> {
  const referrer = await findReferrer(db, code);
  return referrer ? { valid: true, referrerName: referrer.fullName } : { valid: false };
}

export async function stats(ctx: AppContext, userId: string): Promise<TReferralStats> {
  const me = await referralFieldsOf(ctx.db, userId);
  if (!me) throw AppError.unauthorized();
  const rows = await referralsBy(ctx.db, userId);
  const referrerName = me.referredBy ? await fullNameOf(ctx.db, me.referredBy) : undefined;
  const earnedUnits = rows.reduce((sum, r) => sum + (r.referrerRewardedAt ? r.referrerReward : 0), 0);
  const pendingUnits = rows.reduce((sum, r) => sum + (r.refereeRewardedAt ? 0 : r.refereeReward), 0);
  return {
    code: me.code,
    referralUrl: `${ctx.config.publicUrl}${paths.register({ ref: me.code })}`,
    totalReferrals: rows.length,
    totalEarnings: unitsToCredits(earnedUnits),
    pendingRewards: unitsToCredits(pendingUnits),
    referredBy: referrerName !== undefined ? { fullName: referrerName } : null,
    referrals: rows.map((r) => ({
      user: { fullName: r.fullName, email: r.email },
      joinedAt: r.joinedAt.toISOString(),
      emailVerified: r.isVerified,
      rewardClaimed: r.refereeRewardedAt !== null,
    })),
  };
}

export async function leaderboard(ctx: AppContext, page: number, limit: number) {
  const offset = (page - 1) * limit;
  const { rows, total: n } = await referrerRanking(ctx.db, limit, offset);
  return {
    leaderboard: rows.map((r, i) => ({
      rank: offset + i + 1,
      user: { fullName: r.full_name },
      totalReferrals: r.total,
      totalEarnings: unitsToCredits(Number(r.earned)),
    })),
    pagination: pageOf({ page, limit }, n),
  };
}

export async function rewards(ctx: AppContext, userId: string, page: number, limit: number) {
  const { rows, total } = await paidRewardsOf(ctx.db, userId, limit, (page - 1) * limit);
  return {
    rewards: rows.map((r) => ({
      user: { fullName: r.fullName },
      rewardAmount: unitsToCredits(r.reward),
      joinedAt: r.joinedAt.toISOString(),
    })),
    pagination: pageOf({ page, limit }, total),
  };
}
