import { useQuery } from '@tanstack/react-query';
import type { TCurrentSubscription } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { SUBSCRIPTIONS_KEY } from './keys';

/** GET /subscriptions/current: the running subscription, if any, and the tier whose benefits apply. */
export const getCurrentSubscription = (signal?: AbortSignal) => apiData<TCurrentSubscription>('/subscriptions/current', { signal });

export const useCurrentSubscription = () =>
  useQuery({ queryKey: [...SUBSCRIPTIONS_KEY, 'current'], queryFn: ({ signal }) => getCurrentSubscription(signal) });
