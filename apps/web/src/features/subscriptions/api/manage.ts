import { useMutation } from '@tanstack/react-query';
import type {
  TSubscriptionAnswer,
  TSubscriptionExtendRequest,
  TSubscriptionInitializeRequest,
  TSubscriptionInitialized,
} from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { CANCEL_REASON } from '../lib/messages';

/**
 * POST /subscriptions/initialize {tier, duration, paymentMethod}: the wallet pays at once (the running
 * subscription comes back); a card payment comes back with the gateway's authorizationUrl.
 */
export const initializeSubscription = (body: TSubscriptionInitializeRequest) =>
  apiData<TSubscriptionInitialized>('/subscriptions/initialize', { method: 'POST', body });

export const useInitializeSubscription = () => useMutation({ mutationFn: initializeSubscription });

/** POST /subscriptions/cancel {reason}: the benefits stay until the end date. */
export const cancelSubscription = () =>
  apiData<TSubscriptionAnswer>('/subscriptions/cancel', { method: 'POST', body: { reason: CANCEL_REASON } });

export const useCancelSubscription = () => useMutation({ mutationFn: cancelSubscription });

/**
 * POST /subscriptions/extend {duration}: paid from the naira wallet. The Idempotency-Key makes a repeated
 * request (the same attempt sent again after a lost answer) charge once.
 */
export const extendSubscription = ({ duration, idempotencyKey }: TSubscriptionExtendRequest & { idempotencyKey: string }) =>
  apiData<TSubscriptionAnswer>('/subscriptions/extend', {
    method: 'POST',
    body: { duration },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const useExtendSubscription = () => useMutation({ mutationFn: extendSubscription });
