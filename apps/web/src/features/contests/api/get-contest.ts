import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TContestAnswer } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { CONTESTS_KEY } from './keys';

export const contestKey = (id: string) => [...CONTESTS_KEY, 'detail', id] as const;

/** GET /contests/{id}: one contest as its public page shows it. */
export const getContest = async (id: string, signal?: AbortSignal) =>
  (await apiData<TContestAnswer>(`/contests/${encodeURIComponent(id)}`, { signal })).contest;

export const contestQuery = (id: string) => queryOptions({ queryKey: contestKey(id), queryFn: ({ signal }) => getContest(id, signal) });

export const useContest = (id: string) => useQuery(contestQuery(id));
