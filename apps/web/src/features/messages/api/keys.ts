import type { QueryClient } from '@tanstack/react-query';

/** Every messages query starts with this key. */
export const MESSAGES_KEY = ['messages'] as const;
export const CONVERSATIONS_KEY = [...MESSAGES_KEY, 'conversations'] as const;
export const REQUESTS_KEY = [...MESSAGES_KEY, 'requests'] as const;
export const MESSAGE_UNREAD_KEY = [...MESSAGES_KEY, 'unread-count'] as const;
export const BLOCKS_KEY = [...MESSAGES_KEY, 'blocks'] as const;
export const MESSAGE_SETTINGS_KEY = [...MESSAGES_KEY, 'settings'] as const;
/** One conversation's pages, by its id (the two user ids sorted and joined). */
export const THREADS_KEY = [...MESSAGES_KEY, 'thread'] as const;
export const threadKey = (conversationId: string) => [...THREADS_KEY, conversationId] as const;

/** The lists and counts after a change (a message sent, read, deleted; a request answered). */
export const refreshInbox = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
    queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }),
    queryClient.invalidateQueries({ queryKey: MESSAGE_UNREAD_KEY }),
  ]);
