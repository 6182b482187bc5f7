import type { TSubscriptionAnswer } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** POST /subscriptions/verify {reference}: the server asks the gateway and activates the subscription once. */
export const verifySubscription = (reference: string) =>
  apiData<TSubscriptionAnswer>('/subscriptions/verify', { method: 'POST', body: { reference } });

const inflight = new Map<string, Promise<TSubscriptionAnswer>>();

/**
 * One request per reference at a time: a page whose effects run twice (React's strict mode) or that
 * mounts again while the first request is on its way joins that request instead of sending another.
 */
export function verifySubscriptionOnce(reference: string): Promise<TSubscriptionAnswer> {
  let pending = inflight.get(reference);
  if (!pending) {
    pending = verifySubscription(reference).finally(() => inflight.delete(reference));
    inflight.set(reference, pending);
  }
  return pending;
}
