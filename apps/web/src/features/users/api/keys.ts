import type { QueryClient } from '@tanstack/react-query';

/** Every query about a member (public profile, their contests and entries) starts with this key. */
export const USERS_KEY = ['users'] as const;

export const refreshUsers = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: USERS_KEY });
