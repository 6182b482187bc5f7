import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TVoteCreditPackages } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { VOTE_CREDITS_KEY } from './keys';

/** GET /vote-credits/packages: the packages as this user pays for them (premium discount, fee and total in kobo). */
export const getCreditPackages = (signal?: AbortSignal) => apiData<TVoteCreditPackages>('/vote-credits/packages', { signal });

export const creditPackagesQuery = () =>
  queryOptions({ queryKey: [...VOTE_CREDITS_KEY, 'packages'], queryFn: ({ signal }) => getCreditPackages(signal) });

export const useCreditPackages = () => useQuery(creditPackagesQuery());
