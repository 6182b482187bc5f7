import { useMutation } from '@tanstack/react-query';
import type { TSubscriptionAnswer, TSubscriptionExtendRequest } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

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
