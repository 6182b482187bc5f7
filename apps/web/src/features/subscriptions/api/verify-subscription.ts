import type { TSubscriptionAnswer } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { oncePerKey } from '../../../lib/once';

/** POST /subscriptions/verify {reference}: the server asks the gateway and activates the subscription once. */
export const verifySubscription = (reference: string) =>
  apiData<TSubscriptionAnswer>('/subscriptions/verify', { method: 'POST', body: { reference } });

/** One request per reference at a time (a page that mounts twice joins the request on its way). */
export const verifySubscriptionOnce = oncePerKey(verifySubscription).run;
