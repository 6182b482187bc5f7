/**
 * Card payments through the gateway, for every purpose (wallet deposits, vote-credit purchases,
 * subscriptions). One path, so the rules of money coming in are written once:
 *
 *   start:  a `payments` row (pending, our reference, the amount and what it buys in `metadata`) is
 *           written BEFORE the gateway is called, then the gateway gives the page the payer goes to.
 *   settle: the gateway is asked, and value is given only when isPaidInFull (success, exact kobo, NGN).
 *           The purpose's `apply` (its ledger posting and state change) and `credited_at` are written in
 *           ONE transaction under a row lock on the payment, so a replayed or concurrent verify, or a
 *           webhook racing the payer's return, gives value once and answers the same success after.
 *
 * Value is read from the payment row (amount, metadata), never from the caller or the webhook body.
 */
import { randomUUID } from 'node:crypto';
import {
  PAYMENT_MESSAGES,
  PAYMENT_REFERENCE_PREFIXES,
  type Kobo,
  type PaymentPurpose,
  type TPaymentInitialized,
  paths,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { recordFingerprint } from '../users/fingerprints.js';
import { isGatewayError, isPaidInFull, type PaymentVerification } from '../../lib/payments/index.js';
import { paymentFailed, paymentSettled } from './payments.events.js';
import {
  findPayment,
  insertPayment,
  lockPayment,
  markChecked,
  markCredited,
  markUnpaid,
  userEmail,
  type PaymentRow,
} from './payments.repository.js';

export const SETTLEMENT_MESSAGES = {
  verificationFailed: PAYMENT_MESSAGES.verificationFailed,
  notFound: PAYMENT_MESSAGES.transactionNotFound,
  /** Not given by the spec: the gateway could not be reached; the payment is untouched and may be verified again. */
  gatewayUnavailable: 'The payment provider is not reachable right now. Please try again in a moment.',
} as const;

/** The path of the payment verification page, where the gateway sends the payer back by default. */
export const PAYMENT_VERIFICATION_PATH = paths.paymentVerification();

/** Ours: the purpose's prefix and a UUID without dashes (valid for Paystack charges and transfers). */
/** After a day an unfinished checkout is left alone by the sweep (the payer can still verify it themselves). */
export const PAYMENT_SWEEP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const newPaymentReference = (purpose: PaymentPurpose) => `${PAYMENT_REFERENCE_PREFIXES[purpose]}${randomUUID().replace(/-/g, '')}`;

/**
 * The callback the gateway redirects to: the caller's when it is on our own PUBLIC_URL origin,
 * else `fallbackPath` on PUBLIC_URL (no open redirect through the gateway).
 */
export function paymentCallbackUrl(publicUrl: string, requested: string | undefined, fallbackPath = PAYMENT_VERIFICATION_PATH): string {
  const fallback = `${publicUrl}${fallbackPath}`;
  if (!requested) return fallback;
  try {
    return new URL(requested).origin === new URL(publicUrl).origin ? requested : fallback;
  } catch {
    return fallback;
  }
}

export interface StartPaymentInput {
  purpose: PaymentPurpose;
  amountKobo: Kobo;
  /** Where the payer returns; kept only on our own origin (see paymentCallbackUrl). */
  callbackUrl?: string | undefined;
  /** The verification page of this purpose, used when callbackUrl is absent or foreign. */
  fallbackPath?: string;
  /** What the payment buys (read back by `apply`). */
  metadata: Record<string, unknown>;
  /** The purpose's refusal when the gateway will not start the payment. */
  failedMessage: string;
}

export type StartedPayment = TPaymentInitialized & { payment: PaymentRow };

/** Writes the pending payment, then asks the gateway for the checkout page. */
export async function startPayment(ctx: AppContext, userId: string, input: StartPaymentInput): Promise<StartedPayment> {
  const email = await userEmail(ctx.db, userId);
  if (!email) throw AppError.unauthorized();
  const payment = await insertPayment(ctx.db, {
    reference: newPaymentReference(input.purpose),
    userId,
    purpose: input.purpose,
    amountKobo: input.amountKobo,
    gateway: ctx.gateway.name,
    metadata: input.metadata,
  });
  try {
    const { authorizationUrl } = await ctx.gateway.initialize({
      reference: payment.reference,
      amountKobo: input.amountKobo,
      email,
      callbackUrl: paymentCallbackUrl(ctx.config.publicUrl, input.callbackUrl, input.fallbackPath),
      metadata: { purpose: input.purpose, userId },
    });
    return { authorizationUrl, reference: payment.reference, amount: input.amountKobo, payment };
  } catch (err) {
    ctx.log.warn({ err, reference: payment.reference, purpose: input.purpose }, 'payment initialize failed at the gateway');
    const retryable = isGatewayError(err) && err.retryable;
    if (isGatewayError(err) && !retryable) await markUnpaid(ctx.db, payment.id, 'failed', err.message, now());
    throw new AppError(retryable ? 503 : 502, input.failedMessage, retryable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR');
  }
}

/** Gives the value of a paid payment: the purpose's ledger posting and state, inside the settling transaction. */
export type ApplyPayment = (tx: Tx, payment: PaymentRow, at: Date) => Promise<void>;

export interface SettlePaymentInput {
  reference: string;
  purpose: PaymentPurpose;
  /** The payer verifying their own payment, or null for the gateway's webhook (already authenticated). */
  userId: string | null;
  apply: ApplyPayment;
}

export interface SettledPayment {
  /** The payment as it is after settling (status success, creditedAt set). */
  payment: PaymentRow;
  /** False when this call found it already credited (a replay): nothing new was added. */
  credited: boolean;
}

const notFound = () => AppError.notFound(SETTLEMENT_MESSAGES.notFound);
const refused = (status: string) => AppError.badRequest(SETTLEMENT_MESSAGES.verificationFailed, { status });

async function askGateway(ctx: AppContext, reference: string): Promise<PaymentVerification> {
  try {
    return await ctx.gateway.verify(reference);
  } catch (err) {
    if (isGatewayError(err) && err.code === 'not_found') throw notFound();
    ctx.log.warn({ err, reference }, 'payment verify failed at the gateway');
    if (isGatewayError(err) && err.retryable) throw new AppError(503, SETTLEMENT_MESSAGES.gatewayUnavailable, 'SERVICE_UNAVAILABLE');
    throw new AppError(502, SETTLEMENT_MESSAGES.verificationFailed, 'INTERNAL_ERROR');
  }
}

/**
 * Verifies a payment with the gateway and gives its value exactly once. Refusals: unknown, foreign or
 * other-purpose reference → 404 (reads exactly like an unknown one); declined, abandoned, still pending
 * or paid with a different amount or currency → 400 'Payment verification failed' with details.status.
 */
export async function settlePayment(ctx: AppContext, input: SettlePaymentInput): Promise<SettledPayment> {
  const { reference } = input;
  const payment = await findPayment(ctx.db, reference);
  if (!payment || payment.purpose !== input.purpose || (input.userId !== null && payment.userId !== input.userId)) throw notFound();
  if (payment.creditedAt) return { payment, credited: false };
  // Only our own refusal of a payment made with another amount or currency is final. Failed and abandoned
  // are not: Paystack lets the payer try another card in the same checkout, so the gateway is asked again.
  if (payment.status === 'mismatched') throw refused('failed');

  const verification = await askGateway(ctx, reference);
  const at = now();

  if (isPaidInFull(verification, payment.amountKobo)) {
    return ctx.db.transaction(async (tx) => {
      const locked = await lockPayment(tx, reference);
      if (!locked) throw notFound();
      // A concurrent verify (or the webhook) credited it while we asked the gateway: the same success.
      if (locked.creditedAt) return { payment: locked, credited: false };
      await input.apply(tx, locked, at);
      await markCredited(tx, locked.id, verification.gatewayResponse, at, { signature: verification.cardSignature, ...verification.card });
      await recordFingerprint(tx, locked.userId, 'card', verification.cardSignature);
      await recordEvent(
        tx,
        paymentSettled,
        { paymentId: locked.id, reference, purpose: locked.purpose, userId: locked.userId, amountKobo: locked.amountKobo },
        { actorId: input.userId },
      );
      return {
        payment: { ...locked, status: 'success' as const, gatewayResponse: verification.gatewayResponse, verifiedAt: at, creditedAt: at },
        credited: true,
      };
    });
  }

  // Not decided yet (the payer has not finished): only the check is noted, the page may ask again.
  if (verification.status === 'pending') {
    await markChecked(ctx.db, payment.id, at);
    throw refused('pending');
  }
  if (verification.status === 'success') {
    // Paid, but not what we asked for (amount or currency): never value, and worth a look.
    ctx.log.error(
      { reference, expectedKobo: payment.amountKobo, paidKobo: verification.amountKobo, currency: verification.currency },
      'payment made with a different amount or currency: refused',
    );
    await refuse(ctx, payment, 'mismatched', `Amount mismatch: ${verification.currency} ${verification.amountKobo} kobo`, at);
    throw refused('failed');
  }
  await refuse(ctx, payment, verification.status, verification.gatewayResponse, at);
  throw refused(verification.status);
}

/** Notes the gateway's (or our) refusal; the first time a payment fails, `payment.failed` tells its payer. */
async function refuse(
  ctx: AppContext,
  payment: PaymentRow,
  status: 'failed' | 'abandoned' | 'mismatched',
  gatewayResponse: string,
  at: Date,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const first = await markUnpaid(tx, payment.id, status, gatewayResponse, at);
    // Abandoned is the payer closing the checkout: they know, and may still come back to it.
    if (!first || status === 'abandoned') return;
    await recordEvent(tx, paymentFailed, {
      paymentId: payment.id,
      reference: payment.reference,
      purpose: payment.purpose,
      userId: payment.userId,
      amountKobo: payment.amountKobo,
      outcome: status,
      reason: gatewayResponse.trim() === '' ? null : gatewayResponse.slice(0, 200),
    });
  });
}
