import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TResolvedAccount } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export interface ResolveParams {
  accountNumber: string;
  bankCode: string;
}

/** GET /wallet/resolve-account?accountNumber&bankCode: the account holder's name as the bank has it. */
export const resolveAccount = (params: ResolveParams, signal?: AbortSignal) =>
  apiData<TResolvedAccount>('/wallet/resolve-account', { query: { ...params }, signal });

export const resolveAccountQuery = (params: ResolveParams) =>
  queryOptions({
    queryKey: ['bank-resolve', params.bankCode, params.accountNumber] as const,
    queryFn: ({ signal }) => resolveAccount(params, signal),
    staleTime: 5 * 60 * 1000,
    // A refusal (unknown account) is an answer, not a blip: ask once.
    retry: false,
  });

/** Asks only once the number has 10 digits and a bank is chosen (spec 001 §5). */
export const useResolveAccount = (params: ResolveParams, enabled: boolean) => useQuery({ ...resolveAccountQuery(params), enabled });
