import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type EntryStatus, type TReviewEntriesPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { contestEntriesKey } from './keys';

export interface ReviewListParams {
  page: number;
  /** Undefined: every status (All Status). */
  status?: EntryStatus;
}

/** Every review query of a contest starts with this key, so one invalidation reloads the screen. */
export const reviewKey = (contestId: string) => [...contestEntriesKey(contestId), 'review'] as const;

/** GET /entries/review/{contestId}: the list with the review screen's page names (current, pages). */
export const getReviewEntries = (contestId: string, { page, status }: ReviewListParams, signal?: AbortSignal) =>
  apiData<TReviewEntriesPage>(`/entries/review/${encodeURIComponent(contestId)}`, {
    query: { page, limit: PAGE_SIZES.entryReview, status },
    signal,
  });

/** Pages of 10 (spec 001 §9); the previous page stays shown while the next loads. */
export const reviewEntriesQuery = (contestId: string, params: ReviewListParams) =>
  queryOptions({
    queryKey: [...reviewKey(contestId), 'entries', params],
    queryFn: ({ signal }) => getReviewEntries(contestId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useReviewEntries = (contestId: string, params: ReviewListParams) => useQuery(reviewEntriesQuery(contestId, params));
