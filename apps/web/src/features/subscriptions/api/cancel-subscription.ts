import { useMutation } from '@tanstack/react-query';
import type { TSubscriptionAnswer } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { CANCEL_REASON } from '../lib/messages';

/** POST /subscriptions/cancel {reason}: the benefits stay until the end date. */
export const cancelSubscription = () =>
  apiData<TSubscriptionAnswer>('/subscriptions/cancel', { method: 'POST', body: { reason: CANCEL_REASON } });

export const useCancelSubscription = () => useMutation({ mutationFn: cancelSubscription });
