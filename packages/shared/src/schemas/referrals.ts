/**
 * Referral contracts (spec 001 §2 Referrals, §7): my code and referrals, the leaderboard, my rewards,
 * code validation and adding the code of the friend who invited me. Rewards are vote credits. The
 * request body (ZReferralCodeBody) is in auth.ts beside the registration's referral code.
 */
import { z } from 'zod';
import { ZPagination } from './pagination.js';

export const ZReferralStats = z.object({
  code: z.string(),
  referralUrl: z.string(),
  totalReferrals: z.number().int(),
  totalEarnings: z.number().meta({ description: 'totalEarnings, in vote credits' }),
  pendingRewards: z.number(),
  referredBy: z.object({ fullName: z.string() }).nullable(),
  referrals: z.array(
    z.object({
      user: z.object({ fullName: z.string(), email: z.string() }),
      joinedAt: z.string(),
      emailVerified: z.boolean(),
      rewardClaimed: z.boolean(),
    }),
  ),
});
export type TReferralStats = z.infer<typeof ZReferralStats>;

export const ZReferralLeaderboardEntry = z.object({
  rank: z.number().int(),
  user: z.object({ fullName: z.string().nullable() }),
  totalReferrals: z.number().int(),
  totalEarnings: z.number().meta({ description: 'totalEarnings, in vote credits' }),
});
export const ZReferralReward = z.object({
  user: z.object({ fullName: z.string() }),
  rewardAmount: z.number().meta({ description: 'rewardAmount, in vote credits' }),
  joinedAt: z.string(),
});
export const ZAddReferralResult = z.object({
  refereeBonus: z.number(),
  referrerBonus: z.number(),
  referrerName: z.string(),
  refereeBonusPending: z.boolean(),
});
export type TAddReferralResult = z.infer<typeof ZAddReferralResult>;

/** GET /api/referrals/leaderboard. */
export const ZReferralLeaderboard = z.object({ leaderboard: z.array(ZReferralLeaderboardEntry), pagination: ZPagination });
export type TReferralLeaderboard = z.infer<typeof ZReferralLeaderboard>;
export type TReferralLeaderboardEntry = z.infer<typeof ZReferralLeaderboardEntry>;

/** GET /api/referrals/rewards. */
export const ZReferralRewards = z.object({ rewards: z.array(ZReferralReward), pagination: ZPagination });
export type TReferralRewards = z.infer<typeof ZReferralRewards>;
export type TReferralReward = z.infer<typeof ZReferralReward>;

/** GET /api/referrals/validate/:code. */
export const ZReferralCodeCheck = z.object({ valid: z.boolean(), referrerName: z.string().optional() });
export type TReferralCodeCheck = z.infer<typeof ZReferralCodeCheck>;
