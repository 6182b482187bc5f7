import { useQuery } from '@tanstack/react-query';
import type { TSubscriptionPricing } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { SUBSCRIPTIONS_KEY } from './keys';

/** GET /subscriptions/pricing: each paid tier with its monthly and yearly price (kobo). */
export const getSubscriptionPricing = (signal?: AbortSignal) => apiData<TSubscriptionPricing>('/subscriptions/pricing', { signal });

export const useSubscriptionPricing = () =>
  useQuery({ queryKey: [...SUBSCRIPTIONS_KEY, 'pricing'], queryFn: ({ signal }) => getSubscriptionPricing(signal), staleTime: 5 * 60_000 });
