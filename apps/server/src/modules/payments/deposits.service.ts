/**
 * Wallet deposits through the payment gateway (spec 001 §2 Wallet and Payment verification, §7):
 *
 *   initialize: a `payments` row (pending, our reference) is written BEFORE the gateway is called,
 *               then the gateway gives the page the payer's browser goes to.
 *   verify:     only the payer may verify; the gateway is asked, and value is given only when
 *               isPaidInFull (success, exact kobo, NGN). The ledger posting (reference
 *               `deposit:<reference>`) and `credited_at` are written in ONE transaction under a row
 *               lock on the payment, so a replayed or concurrent verify answers the same success
 *               without a second credit (and the ledger's unique reference guards once more).
 */
import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, nairaToKobo, type Kobo } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isGatewayError, isPaidInFull, type PaymentVerification } from '../../lib/payments/index.js';
import { accounts } from '../ledger/accounts.js';
import { post } from '../ledger/ledger.js';
import { findPayment, insertPayment, lockPayment, markCredited, markUnpaid, userEmail, type PaymentRow } from './payments.repository.js';

/** The spec's texts (001 §8 Wallet, Payment verification page), verbatim. */
export const DEPOSIT_MESSAGES = {
  initializeFailed: PAYMENT_MESSAGES.initializeDepositFailed,
  verificationFailed: PAYMENT_MESSAGES.verificationFailed,
  notFound: PAYMENT_MESSAGES.transactionNotFound,
  /** Not given by the spec: the gateway could not be reached; the payment is untouched and may be verified again. */
  gatewayUnavailable: 'The payment provider is not reachable right now. Please try again in a moment.',
  /** Not given by the spec. */
  verified: 'Deposit verified successfully',
  /** Not given by the spec. */
  initialized: 'Deposit initialized',
} as const;

/** The ledger kind of a deposit (the spec's wallet transaction type). */
export const DEPOSIT_KIND = 'wallet_deposit';

/** The path of the payment verification page, where the gateway sends the payer back. */
export const PAYMENT_VERIFICATION_PATH = '/dashboard/payment-verification';

/** Ours: `dep-` and a UUID without dashes (Paystack allows letters, digits, `-`, `.`, `=`; no `_`). */
export const newDepositReference = () => `dep-${randomUUID().replace(/-/g, '')}`;

/** The ledger reference of a deposit's credit: one credit per payment, ever. */
export const depositLedgerReference = (reference: string) => `deposit:${reference}`;

/**
 * The callback the gateway redirects to: the caller's when it is on our own PUBLIC_URL origin,
 * else the payment verification page (no open redirect through the gateway).
 */
export function depositCallbackUrl(publicUrl: string, requested: string | undefined): string {
  const fallback = `${publicUrl}${PAYMENT_VERIFICATION_PATH}`;
  if (!requested) return fallback;
  try {
    return new URL(requested).origin === new URL(publicUrl).origin ? requested : fallback;
  } catch {
    return fallback;
  }
}

export interface InitializedDeposit {
  authorizationUrl: string;
  reference: string;
  /** Kobo. */
  amount: Kobo;
}

/** POST /api/wallet/deposit {amount (whole naira), callbackUrl?}. */
export async function initializeDeposit(
  ctx: AppContext,
  userId: string,
  input: { amount: number; callbackUrl?: string | undefined },
): Promise<InitializedDeposit> {
  const email = await userEmail(ctx.db, userId);
  if (!email) throw AppError.unauthorized();
  const amountKobo = nairaToKobo(input.amount);
  const payment = await insertPayment(ctx.db, {
    reference: newDepositReference(),
    userId,
    purpose: 'deposit',
    amountKobo,
    gateway: ctx.gateway.name,
  });
  try {
    const { authorizationUrl } = await ctx.gateway.initialize({
      reference: payment.reference,
      amountKobo,
      email,
      callbackUrl: depositCallbackUrl(ctx.config.publicUrl, input.callbackUrl),
      metadata: { purpose: 'deposit', userId },
    });
    return { authorizationUrl, reference: payment.reference, amount: amountKobo };
  } catch (err) {
    ctx.log.warn({ err, reference: payment.reference }, 'deposit initialize failed at the gateway');
    if (isGatewayError(err) && !err.retryable) await markUnpaid(ctx.db, payment.id, 'failed', err.message, now());
    throw new AppError(
      isGatewayError(err) && err.retryable ? 503 : 502,
      DEPOSIT_MESSAGES.initializeFailed,
      isGatewayError(err) && err.retryable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR',
    );
  }
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

const notFound = () => AppError.notFound(DEPOSIT_MESSAGES.notFound);

function success(p: PaymentRow, credited: boolean): VerifiedDeposit {
  return { reference: p.reference, amount: p.amountKobo, status: 'success', credited, creditedAt: (p.creditedAt ?? now()).toISOString() };
}

async function askGateway(ctx: AppContext, reference: string): Promise<PaymentVerification> {
  try {
    return await ctx.gateway.verify(reference);
  } catch (err) {
    if (isGatewayError(err) && err.code === 'not_found') throw notFound();
    ctx.log.warn({ err, reference }, 'deposit verify failed at the gateway');
    if (isGatewayError(err) && err.retryable) throw new AppError(503, DEPOSIT_MESSAGES.gatewayUnavailable, 'SERVICE_UNAVAILABLE');
    throw new AppError(502, DEPOSIT_MESSAGES.verificationFailed, 'INTERNAL_ERROR');
  }
}

/** POST /api/wallet/verify-deposit {reference}. */
export async function verifyDeposit(ctx: AppContext, userId: string, reference: string): Promise<VerifiedDeposit> {
  const payment = await findPayment(ctx.db, reference);
  // Someone else's reference reads exactly like an unknown one: nothing about it is revealed.
  if (!payment || payment.userId !== userId || payment.purpose !== 'deposit') throw notFound();
  if (payment.creditedAt) return success(payment, false);
  if (payment.status === 'failed') throw AppError.badRequest(DEPOSIT_MESSAGES.verificationFailed, { status: 'failed' });

  const verification = await askGateway(ctx, reference);
  const at = now();

  if (isPaidInFull(verification, payment.amountKobo)) {
    return ctx.db.transaction(async (tx) => {
      const locked = await lockPayment(tx, reference);
      if (!locked) throw notFound();
      // A concurrent verify credited it while we asked the gateway: answer the same success.
      if (locked.creditedAt) return success(locked, false);
      await post(tx, {
        reference: depositLedgerReference(reference),
        kind: DEPOSIT_KIND,
        description: 'Wallet deposit',
        metadata: { paymentReference: reference, gateway: locked.gateway },
        lines: [
          { account: accounts.gateway(locked.gateway), amount: -locked.amountKobo },
          { account: accounts.userWallet(userId), amount: locked.amountKobo },
        ],
      });
      await markCredited(tx, locked.id, verification.gatewayResponse, at);
      return success({ ...locked, creditedAt: at }, true);
    });
  }

  if (verification.status === 'pending') {
    // Not decided yet (the payer has not finished): nothing is marked, the page may ask again.
    throw AppError.badRequest(DEPOSIT_MESSAGES.verificationFailed, { status: 'pending' });
  }
  if (verification.status === 'success') {
    // Paid, but not what we asked for (amount or currency): never value, and worth a look.
    ctx.log.error(
      { reference, expectedKobo: payment.amountKobo, paidKobo: verification.amountKobo, currency: verification.currency },
      'deposit paid with a different amount or currency: refused',
    );
    await markUnpaid(ctx.db, payment.id, 'failed', `Amount mismatch: ${verification.currency} ${verification.amountKobo} kobo`, at);
    throw AppError.badRequest(DEPOSIT_MESSAGES.verificationFailed, { status: 'failed' });
  }
  await markUnpaid(ctx.db, payment.id, verification.status, verification.gatewayResponse, at);
  throw AppError.badRequest(DEPOSIT_MESSAGES.verificationFailed, { status: verification.status });
}
