import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type TUserContestsPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { USERS_KEY } from './keys';

export const getUserContests = (userId: string, limit: number = PAGE_SIZES.profileLists) =>
  apiData<TUserContestsPage>(`/users/${encodeURIComponent(userId)}/contests`, { query: { limit } });

export const userContestsQuery = (userId: string) =>
  queryOptions({ queryKey: [...USERS_KEY, userId, 'contests'], queryFn: () => getUserContests(userId) });

/** Loaded only once the Contests tab has been opened. */
export const useUserContests = (userId: string, enabled: boolean) => useQuery({ ...userContestsQuery(userId), enabled });
