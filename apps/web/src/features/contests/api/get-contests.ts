import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TContestList } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { CONTESTS_KEY } from './keys';
import type { ContestListParams } from '../lib/browse-filters';

export const getContests = (params: ContestListParams, page: number, signal?: AbortSignal) =>
  apiData<TContestList>('/contests', { query: { ...params, page }, signal });

/** Pages of 12; the next page exists while the last answer's page is below totalPages. */
export const contestsInfiniteQuery = (params: ContestListParams) =>
  infiniteQueryOptions({
    queryKey: [...CONTESTS_KEY, 'list', params],
    queryFn: ({ pageParam, signal }) => getContests(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined),
  });

export const useContests = (params: ContestListParams) => useInfiniteQuery(contestsInfiniteQuery(params));
