import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReferralLeaderboard } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const REFERRAL_LIST_LIMIT = 10;

export const getReferralLeaderboard = () =>
  apiData<TReferralLeaderboard>('/referrals/leaderboard', { query: { limit: REFERRAL_LIST_LIMIT } });

export const referralLeaderboardQuery = () =>
  queryOptions({ queryKey: ['referrals', 'leaderboard'], queryFn: getReferralLeaderboard, staleTime: 60_000 });

/** Loaded once its tab has been opened. */
export const useReferralLeaderboard = (enabled = true) => useQuery({ ...referralLeaderboardQuery(), enabled });
