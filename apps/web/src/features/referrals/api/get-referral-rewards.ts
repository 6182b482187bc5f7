import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReferralRewards } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { REFERRAL_LIST_LIMIT } from './get-referral-leaderboard';

export const getReferralRewards = () => apiData<TReferralRewards>('/referrals/rewards', { query: { limit: REFERRAL_LIST_LIMIT } });

export const referralRewardsQuery = () => queryOptions({ queryKey: ['referrals', 'rewards'], queryFn: getReferralRewards });

/** Loaded once its tab has been opened. */
export const useReferralRewards = (enabled = true) => useQuery({ ...referralRewardsQuery(), enabled });
