import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReviewStats } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { reviewKey } from './get-review-entries';

/** GET /entries/review-stats/{contestId}: the tiles (spec 001 §3 review stats). */
export const getReviewStats = (contestId: string, signal?: AbortSignal) =>
  apiData<TReviewStats>(`/entries/review-stats/${encodeURIComponent(contestId)}`, { signal });

export const reviewStatsQuery = (contestId: string) =>
  queryOptions({ queryKey: [...reviewKey(contestId), 'stats'], queryFn: ({ signal }) => getReviewStats(contestId, signal) });

export const useReviewStats = (contestId: string) => useQuery(reviewStatsQuery(contestId));
