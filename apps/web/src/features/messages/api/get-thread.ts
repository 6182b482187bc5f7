import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { MESSAGE_PAGE_SIZE, type TConversationPage, type TMessage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { threadKey } from './keys';

/**
 * GET /messages/user/{id}: my conversation with a member (by id), page 1 the newest 50, each page
 * oldest to newest; answers before the first message too, so one call serves new and old pairs.
 */
export const getThread = (otherUserId: string, page: number, signal?: AbortSignal) =>
  apiData<TConversationPage>(`/messages/user/${encodeURIComponent(otherUserId)}`, { query: { page, limit: MESSAGE_PAGE_SIZE }, signal });

export type ThreadData = InfiniteData<TConversationPage, unknown>;

/** Load More Messages fetches the next older page while `hasMore`. */
export const useThread = (conversationId: string, otherUserId: string) =>
  useInfiniteQuery({
    queryKey: threadKey(conversationId),
    queryFn: ({ pageParam, signal }) => getThread(otherUserId, pageParam as number, signal),
    initialPageParam: 1 as number,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.page + 1 : undefined),
  });

/** The thread oldest first: older pages before newer ones, each message once (pages shift as messages arrive). */
export function threadMessages(data: ThreadData | undefined): TMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: TMessage[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const m of page.messages) {
      if (seen.has(m._id)) continue;
      seen.add(m._id);
      out.push(m);
    }
  }
  return out;
}

/** `message` added at the end of the newest page (or put in place of the one with its id). */
export function withMessage(data: ThreadData | undefined, message: TMessage): ThreadData | undefined {
  if (!data || data.pages.length === 0) return data;
  const [newest, ...older] = data.pages;
  const present = newest!.messages.some((m) => m._id === message._id);
  const messages = present ? newest!.messages.map((m) => (m._id === message._id ? message : m)) : [...newest!.messages, message];
  return { ...data, pages: [{ ...newest!, messages }, ...older] };
}
