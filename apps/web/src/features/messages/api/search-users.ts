import { useQuery } from '@tanstack/react-query';
import { MESSAGE_SEARCH_MIN, type TMessageUserSearch } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { MESSAGES_KEY } from './keys';

/** GET /messages/search-users?q: members by name, username or exact email (at most 10). */
export const searchMessageUsers = (q: string, signal?: AbortSignal) =>
  apiData<TMessageUserSearch>('/messages/search-users', { query: { q }, signal });

/** Only for 2 or more characters after trimming; `q` is already debounced (300 ms). */
export function useMessageUserSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'search', term],
    queryFn: ({ signal }) => searchMessageUsers(term, signal),
    enabled: term.length >= MESSAGE_SEARCH_MIN,
    staleTime: 30_000,
  });
}
