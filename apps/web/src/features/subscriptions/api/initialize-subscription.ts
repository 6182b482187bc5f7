import { useMutation } from '@tanstack/react-query';
import type { TSubscriptionInitializeRequest, TSubscriptionInitialized } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/**
 * POST /subscriptions/initialize {tier, duration, paymentMethod}: the wallet pays at once (the running
 * subscription comes back); a card payment comes back with the gateway's authorizationUrl.
 */
export const initializeSubscription = (body: TSubscriptionInitializeRequest) =>
  apiData<TSubscriptionInitialized>('/subscriptions/initialize', { method: 'POST', body });

export const useInitializeSubscription = () => useMutation({ mutationFn: initializeSubscription });
