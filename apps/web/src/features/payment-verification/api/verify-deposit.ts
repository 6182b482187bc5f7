import type { TWallet } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** The verified payment (kobo). `credited` is false when an earlier verification already added it. */
export interface VerifiedPayment {
  reference: string;
  /** Kobo credited. */
  amount: number;
  status: string;
  credited?: boolean;
}

/**
 * What POST /wallet/verify-deposit answers on success (a repeat answers the same). The server names the
 * payment `deposit`; `payment` (the name in the brief's contract) is read too.
 */
export interface DepositVerification {
  wallet: TWallet;
  deposit?: VerifiedPayment;
  payment?: VerifiedPayment;
}

export const verifiedPayment = (result: DepositVerification): VerifiedPayment | undefined => result.deposit ?? result.payment;

/** POST /wallet/verify-deposit {reference}: the server asks the gateway and credits the wallet once. */
export const verifyDeposit = (reference: string) =>
  apiData<DepositVerification>('/wallet/verify-deposit', { method: 'POST', body: { reference } });

const inflight = new Map<string, Promise<DepositVerification>>();

/**
 * One request per reference at a time: a page that mounts twice (React's strict mode, a quick back and
 * forward) joins the request already on its way instead of sending another.
 */
export function verifyDepositOnce(reference: string): Promise<DepositVerification> {
  let pending = inflight.get(reference);
  if (!pending) {
    pending = verifyDeposit(reference).finally(() => inflight.delete(reference));
    inflight.set(reference, pending);
  }
  return pending;
}

export const isVerifying = (reference: string) => inflight.has(reference);

/** Stops waiting for a request that hangs: the next attempt sends a fresh one (the server answers repeats the same). */
export const abandonVerification = (reference: string) => inflight.delete(reference);
