import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type TPagination } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { USERS_KEY } from './keys';

export interface UserEntry {
  _id: string;
  title: string;
  description: string | null;
  entryType: string;
  status: string;
  totalVotes: number;
  createdAt: string;
  contest: { _id: string; title: string };
}

export const getUserEntries = (userId: string, limit: number = PAGE_SIZES.profileLists) =>
  apiData<{ entries: UserEntry[]; pagination: TPagination }>(`/users/${encodeURIComponent(userId)}/entries`, { query: { limit } });

export const userEntriesQuery = (userId: string) =>
  queryOptions({ queryKey: [...USERS_KEY, userId, 'entries'], queryFn: () => getUserEntries(userId) });

/** Loaded only once the Entries tab has been opened. */
export const useUserEntries = (userId: string, enabled: boolean) => useQuery({ ...userEntriesQuery(userId), enabled });
