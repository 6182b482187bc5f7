import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type ContestStatus, type TPagination } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { USERS_KEY } from './keys';

export interface UserContest {
  _id: string;
  title: string;
  status: ContestStatus;
  category: string;
  coverImage: string | null;
  entriesCount: number;
  prizeType: string;
  createdAt: string;
}

export const getUserContests = (userId: string, limit: number = PAGE_SIZES.profileLists) =>
  apiData<{ contests: UserContest[]; pagination: TPagination }>(`/users/${encodeURIComponent(userId)}/contests`, { query: { limit } });

export const userContestsQuery = (userId: string) =>
  queryOptions({ queryKey: [...USERS_KEY, userId, 'contests'], queryFn: () => getUserContests(userId) });

/** Loaded only once the Contests tab has been opened. */
export const useUserContests = (userId: string, enabled: boolean) => useQuery({ ...userContestsQuery(userId), enabled });
