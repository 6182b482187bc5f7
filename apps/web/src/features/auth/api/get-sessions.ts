import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSessionList } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const SESSIONS_KEY = ['auth', 'sessions'] as const;

export const getSessions = async () => (await apiData<TSessionList>('/auth/sessions')).sessions;

export const sessionsQuery = () => queryOptions({ queryKey: SESSIONS_KEY, queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQuery());
