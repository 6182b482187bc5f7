import type { QueryClient } from '@tanstack/react-query';

/** Every vote-credit query (packages, stats, history) starts with this key. */
export const VOTE_CREDITS_KEY = ['vote-credits'] as const;

export const refreshVoteCredits = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: VOTE_CREDITS_KEY });
