import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CONTEST_LIST_REFRESH_MS, PAGE_SIZES, type ContestStatus, type TMyContests } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { CONTESTS_KEY } from './keys';

export interface MyContestsParams {
  page: number;
  /** Undefined: every status (the All tab). */
  status?: ContestStatus;
}

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
