import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserVerificationPage, TUserVerificationQuery } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { USER_VERIFICATION_KEY } from './keys';

export interface UserVerificationParams {
  page: number;
  search?: string;
  state: TUserVerificationQuery['state'];
}

/** GET /admin-tools/users/verification: 10 a page, search by name or email, state filter. */
export const getUserVerification = ({ page, search, state }: UserVerificationParams, signal?: AbortSignal) =>
  apiData<TUserVerificationPage>('/admin-tools/users/verification', { query: { page, limit: 10, search, state }, signal });

export const userVerificationQuery = (params: UserVerificationParams, enabled = true) =>
  queryOptions({
    queryKey: [...USER_VERIFICATION_KEY, params],
    queryFn: ({ signal }) => getUserVerification(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useUserVerification = (params: UserVerificationParams, enabled = true) => useQuery(userVerificationQuery(params, enabled));
