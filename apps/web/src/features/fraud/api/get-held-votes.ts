import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { THeldVotePage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { HELD_VOTES_KEY } from './keys';

export interface HeldVotesParams {
  page: number;
  contestId?: string;
}

/** GET /admin-tools/votes/held: riskiest first, 10 a page, optionally one contest. */
export const getHeldVotes = ({ page, contestId }: HeldVotesParams, signal?: AbortSignal) =>
  apiData<THeldVotePage>('/admin-tools/votes/held', { query: { page, limit: 10, contestId }, signal });

export const heldVotesQuery = (params: HeldVotesParams) =>
  queryOptions({
    queryKey: [...HELD_VOTES_KEY, params],
    queryFn: ({ signal }) => getHeldVotes(params, signal),
    placeholderData: keepPreviousData,
  });

export const useHeldVotes = (params: HeldVotesParams) => useQuery(heldVotesQuery(params));
