import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONTEST_OPS_PAGE_SIZE, type TPendingEntriesPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { PENDING_ENTRIES_KEY } from './keys';

/** GET /admin-tools/contests/pending-entries: contests with entries awaiting review, 10 a page. */
export const getPendingEntries = (page: number, signal?: AbortSignal) =>
  apiData<TPendingEntriesPage>('/admin-tools/contests/pending-entries', { query: { page, limit: CONTEST_OPS_PAGE_SIZE }, signal });

export const usePendingEntries = (page: number) =>
  useQuery({
    queryKey: [...PENDING_ENTRIES_KEY, page],
    queryFn: ({ signal }) => getPendingEntries(page, signal),
    placeholderData: keepPreviousData,
  });
