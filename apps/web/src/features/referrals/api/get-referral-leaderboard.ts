import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api';

export interface ReferralLeader {
  rank: number;
  user: { fullName: string | null } | null;
  totalReferrals: number;
  totalEarnings: number;
}

export const REFERRAL_LIST_LIMIT = 10;

export const getReferralLeaderboard = () =>
  apiData<{ leaderboard: ReferralLeader[] }>('/referrals/leaderboard', { query: { limit: REFERRAL_LIST_LIMIT } });

export const referralLeaderboardQuery = () =>
  queryOptions({ queryKey: ['referrals', 'leaderboard'], queryFn: getReferralLeaderboard, staleTime: 60_000 });

/** Loaded once its tab has been opened. */
export const useReferralLeaderboard = (enabled = true) => useQuery({ ...referralLeaderboardQuery(), enabled });
