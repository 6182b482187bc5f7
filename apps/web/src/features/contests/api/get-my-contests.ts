import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CONTEST_LIST_REFRESH_MS, PAGE_SIZES, type TMyContests, type TOwnerContestsQuery } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { CONTESTS_KEY } from './keys';

/** The page and status (undefined: every status, the All tab) of GET /contests/my-contests; the page size is fixed. */
export type MyContestsParams = Omit<TOwnerContestsQuery, 'limit'>;

/** Every My Contests query starts with this key; it sits under CONTESTS_KEY so any contest change refreshes it. */
export const MY_CONTESTS_KEY = [...CONTESTS_KEY, 'mine'] as const;

export const getMyContests = ({ page, status }: MyContestsParams, signal?: AbortSignal) =>
  apiData<TMyContests>('/contests/my-contests', { query: { page, limit: PAGE_SIZES.myContests, status }, signal });

/** Pages of 12, refreshed every 5 minutes (spec 001 §9); the previous page stays shown while the next loads. */
export const myContestsQuery = (params: MyContestsParams) =>
  queryOptions({
    queryKey: [...MY_CONTESTS_KEY, params],
    queryFn: ({ signal }) => getMyContests(params, signal),
    refetchInterval: CONTEST_LIST_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const useMyContests = (params: MyContestsParams) => useQuery(myContestsQuery(params));
