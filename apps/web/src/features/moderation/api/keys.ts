import type { QueryClient } from '@tanstack/react-query';

/** Every moderation query starts with this key. */
export const MODERATION_KEY = ['moderation'] as const;
export const MODERATION_REPORTS_KEY = [...MODERATION_KEY, 'reports'] as const;
export const MODERATION_REPORT_KEY = [...MODERATION_KEY, 'report'] as const;
export const MODERATION_STATS_KEY = [...MODERATION_KEY, 'stats'] as const;

/** After a decision: the list, the open details and the stat cards load again. */
export const refreshModeration = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: MODERATION_KEY });
