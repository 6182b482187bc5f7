import type { QueryClient } from '@tanstack/react-query';

/** Every notifications query starts with this key. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
/** GET /notifications pages (the bell's and the page's), each with its params after this key. */
export const NOTIFICATION_LISTS_KEY = [...NOTIFICATIONS_KEY, 'list'] as const;
export const NOTIFICATION_UNREAD_KEY = [...NOTIFICATIONS_KEY, 'unread-count'] as const;

/** After any change: the lists and the count load again (spec 001 §7: the count is refreshed after each change). */
export const refreshNotifications = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
