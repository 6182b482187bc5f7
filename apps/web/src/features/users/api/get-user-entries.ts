import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type TUserEntriesPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { USERS_KEY } from './keys';

export const getUserEntries = (userId: string, limit: number = PAGE_SIZES.profileLists) =>
  apiData<TUserEntriesPage>(`/users/${encodeURIComponent(userId)}/entries`, { query: { limit } });

export const userEntriesQuery = (userId: string) =>
  queryOptions({ queryKey: [...USERS_KEY, userId, 'entries'], queryFn: () => getUserEntries(userId) });

/** Loaded only once the Entries tab has been opened. */
export const useUserEntries = (userId: string, enabled: boolean) => useQuery({ ...userEntriesQuery(userId), enabled });
