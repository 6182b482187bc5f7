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
