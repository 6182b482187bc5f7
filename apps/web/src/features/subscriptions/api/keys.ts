import type { QueryClient } from '@tanstack/react-query';

/** Every subscriptions query (pricing, the current one, the history) starts with this key. */
export const SUBSCRIPTIONS_KEY = ['subscriptions'] as const;

export const refreshSubscriptions = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
