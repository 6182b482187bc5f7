import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReferralStats } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const getReferralStats = () => apiData<TReferralStats>('/referrals/stats');

export const referralStatsQuery = () => queryOptions({ queryKey: ['referrals', 'stats'], queryFn: getReferralStats });

export const useReferralStats = () => useQuery(referralStatsQuery());
