/**
 * Wallet deposits by card (spec 001 §2 Wallet and Payment verification, §7), on the one payment path
 * of settlement.ts: the value of a paid deposit is a ledger posting (reference `deposit:<reference>`)
 * from the gateway's account to the payer's wallet, written once under the payment's row lock.
 */
import { PAYMENT_MESSAGES, type Kobo } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { accounts } from '../ledger/accounts.js';
import { post } from '../ledger/ledger.js';
import type { PaymentRow } from './payments.repository.js';
import { settlePayment, startPayment, type SettledPayment } from './settlement.js';

/** The spec's texts (001 §8 Wallet, Payment verification page), verbatim where the spec has them. */
export const DEPOSIT_MESSAGES = {
  initializeFailed: PAYMENT_MESSAGES.initializeDepositFailed,
  /** Not given by the spec. */
  verified: 'Deposit verified successfully',
  /** Not given by the spec. */
  initialized: 'Deposit initialized',
} as const;

/** The ledger kind of a deposit (the spec's wallet transaction type). */
export const DEPOSIT_KIND = 'wallet_deposit';

/** The ledger reference of a deposit's credit: one credit per payment, ever. */
export const depositLedgerReference = (reference: string) => `deposit:${reference}`;

export interface InitializedDeposit {
  authorizationUrl: string;
  reference: string;
  /** Kobo. */
  amount: Kobo;
}

/** POST /api/wallet/deposit {amount (kobo), callbackUrl?}. */
export async function initializeDeposit(
  ctx: AppContext,
  userId: string,
  input: { amount: Kobo; callbackUrl?: string | undefined },
): Promise<InitializedDeposit> {
  const { authorizationUrl, reference, amount } = await startPayment(ctx, userId, {
    purpose: 'deposit',
    amountKobo: input.amount,
    callbackUrl: input.callbackUrl,
    metadata: {},
    failedMessage: DEPOSIT_MESSAGES.initializeFailed,
  });
  return { authorizationUrl, reference, amount };
}

/** The value of a paid deposit: the gateway's naira into the payer's wallet. */
export async function applyDeposit(tx: Tx, payment: PaymentRow): Promise<void> {
  await post(tx, {
    reference: depositLedgerReference(payment.reference),
    kind: DEPOSIT_KIND,
    description: 'Wallet deposit',
    metadata: { paymentReference: payment.reference, gateway: payment.gateway },
    lines: [
      { account: accounts.gateway(payment.gateway), amount: -payment.amountKobo },
      { account: accounts.userWallet(payment.userId), amount: payment.amountKobo },
    ],
  });
}

export interface VerifiedDeposit {
  reference: string;
  /** Kobo credited to the wallet. */
  amount: Kobo;
  status: 'success';
  /** False when this call found the deposit already credited (a replay): nothing new was added. */
  credited: boolean;
  creditedAt: string;
}

/** Settles a deposit: the payer's verify (userId) or the gateway's webhook (null). */
export async function settleDeposit(ctx: AppContext, userId: string | null, reference: string): Promise<SettledPayment> {
  return settlePayment(ctx, { reference, purpose: 'deposit', userId, apply: applyDeposit });
}

/** POST /api/wallet/verify-deposit {reference}. */
export async function verifyDeposit(ctx: AppContext, userId: string, reference: string): Promise<VerifiedDeposit> {
  const { payment, credited } = await settleDeposit(ctx, userId, reference);
  return {
    reference: payment.reference,
    amount: payment.amountKobo,
    status: 'success',
    credited,
    creditedAt: (payment.creditedAt ?? new Date()).toISOString(),
  };
}
