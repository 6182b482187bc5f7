import { useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH, type TTransferUserSearch } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** GET /vote-credit-transfers/search-users?q: members matching a name or email (data.users). */
export const searchTransferUsers = (q: string, signal?: AbortSignal) =>
  apiData<TTransferUserSearch>('/vote-credit-transfers/search-users', { query: { q }, signal });

/** Searches only for 2 or more characters after trimming (spec 001 §5); `q` is already debounced. */
export function useTransferUserSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: ['credit-transfer', 'search', term],
    queryFn: ({ signal }) => searchTransferUsers(term, signal),
    enabled: term.length >= SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });
}
