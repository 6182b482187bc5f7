import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTwoFactorStatus } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const TWO_FACTOR_STATUS_KEY = ['auth', '2fa', 'status'] as const;

export const getTwoFactorStatus = () => apiData<TTwoFactorStatus>('/auth/2fa/status');

export const twoFactorStatusQuery = () => queryOptions({ queryKey: TWO_FACTOR_STATUS_KEY, queryFn: getTwoFactorStatus });

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery());
