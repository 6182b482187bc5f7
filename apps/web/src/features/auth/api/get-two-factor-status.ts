import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api';

export interface TwoFactorStatus {
  enabled: boolean;
  backupCodesRemaining: number;
}

export const TWO_FACTOR_STATUS_KEY = ['auth', '2fa', 'status'] as const;

export const getTwoFactorStatus = () => apiData<TwoFactorStatus>('/auth/2fa/status');

export const twoFactorStatusQuery = () => queryOptions({ queryKey: TWO_FACTOR_STATUS_KEY, queryFn: getTwoFactorStatus });

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery());
