import type { TVoteCreditVerified } from '@contesthub/shared';
import { verifyCreditPurchase } from '../../credits/api/verify-credit-purchase';
import { verifyDeposit, type DepositVerification } from '../../wallet/api/verify-deposit';

/** The purposes this page verifies itself (subscriptions have their own verification page). */
export type VerifiablePurpose = 'deposit' | 'credits';

/** What a verification answered, by the purpose read from the reference's prefix. */
export type PaymentVerification =
  { purpose: 'deposit'; deposit: DepositVerification } | { purpose: 'credits'; credits: TVoteCreditVerified };

/** POST /wallet/verify-deposit or /vote-credits/verify {reference}: the server asks the gateway and credits once. */
export async function verifyPayment(reference: string, purpose: VerifiablePurpose): Promise<PaymentVerification> {
  return purpose === 'deposit'
    ? { purpose, deposit: await verifyDeposit(reference) }
    : { purpose, credits: await verifyCreditPurchase(reference) };
}

const inflight = new Map<string, Promise<PaymentVerification>>();

/**
 * One request per reference at a time: a page that mounts twice (React's strict mode, a quick back and
 * forward) joins the request already on its way instead of sending another.
 */
export function verifyPaymentOnce(reference: string, purpose: VerifiablePurpose): Promise<PaymentVerification> {
  let pending = inflight.get(reference);
  if (!pending) {
    pending = verifyPayment(reference, purpose).finally(() => inflight.delete(reference));
    inflight.set(reference, pending);
  }
  return pending;
}

export const isVerifying = (reference: string) => inflight.has(reference);

/** Stops waiting for a request that hangs: the next attempt sends a fresh one (the server answers repeats the same). */
export const abandonVerification = (reference: string) => inflight.delete(reference);
