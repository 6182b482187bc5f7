import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TModerationStats } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { MODERATION_STATS_KEY } from './keys';

/** GET /admin-tools/moderation-stats: total, pending, resolved, dismissed, recent (7 days). */
export const getModerationStats = (signal?: AbortSignal) => apiData<TModerationStats>('/admin-tools/moderation-stats', { signal });

export const moderationStatsQuery = () =>
  queryOptions({ queryKey: MODERATION_STATS_KEY, queryFn: ({ signal }) => getModerationStats(signal) });

export const useModerationStats = () => useQuery(moderationStatsQuery());
