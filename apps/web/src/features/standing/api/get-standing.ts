import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStanding } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const STANDING_KEY = ['standing'] as const;

/** GET /users/me/standing: my strikes, their reasons, appeal state and deadline. */
export const getStanding = (signal?: AbortSignal) => apiData<TStanding>('/users/me/standing', { signal });

export const standingQuery = () => queryOptions({ queryKey: STANDING_KEY, queryFn: ({ signal }) => getStanding(signal) });

export const useStanding = () => useQuery(standingQuery());
