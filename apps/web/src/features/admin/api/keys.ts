import type { QueryClient } from '@tanstack/react-query';

/** Every Admin Tools user query starts with this key (the cards, the list, the appeals queue). */
export const ADMIN_USERS_KEY = ['admin-tools', 'users'] as const;

/** After a staff action on an account: the cards, the list and the appeals are stale. */
export const refreshAdminUsers = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
