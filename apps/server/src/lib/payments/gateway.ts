/**
 * The one payment gateway interface. Two implementations: Paystack (PAYSTACK_SECRET_KEY set) and a
 * built-in sandbox (the default, no network). Callers never talk to Paystack directly.
 *
 * Amounts are integer kobo everywhere; the currency is NGN. References are ours: the caller
 * creates a unique reference and saves it BEFORE calling the gateway, so a retry after an
 * inconclusive answer (network error, timeout, 5xx) reuses the SAME reference and has one effect.
 * Paystack accepts transfer references made of lowercase letters, digits, `-` and `_` only, so
 * callers should build every reference from those characters.
 */

export type GatewayName = 'paystack' | 'sandbox';

export const GATEWAY_CURRENCY = 'NGN';

export interface InitializePaymentInput {
  /** Our unique reference for this payment. */
  reference: string;
  amountKobo: number;
  email: string;
  /** Where the payer's browser is sent afterwards, with `?reference=` (and `trxref=` on Paystack). */
  callbackUrl: string;
  metadata?: Record<string, unknown>;
}

export interface InitializedPayment {
  /** The page the payer's browser goes to. */
  authorizationUrl: string;
  reference: string;
}

export type PaymentStatus = 'success' | 'failed' | 'abandoned' | 'pending';

/**
 * What the gateway says about a payment, as it says it. It is NOT a decision to give value:
 * use `isPaidInFull(verification, expectedKobo)`.
 */
export interface PaymentVerification {
  status: PaymentStatus;
  amountKobo: number;
  currency: string;
  reference: string;
  paidAt: Date | null;
  gatewayResponse: string;
  /**
   * The card's fingerprint when it was paid by card: the same for every payment made with the same
   * card, whoever makes it (Paystack's `authorization.signature`). Absent for other channels.
   */
  cardSignature?: string;
  /** The card's BIN (first 6 digits), last 4 digits and issuing bank, when the gateway says (Paystack's `authorization`). */
  card?: PaymentCard;
}

export interface PaymentCard {
  bin: string | null;
  last4: string | null;
  bank: string | null;
}

export interface Bank {
  name: string;
  code: string;
}

export interface ResolvedAccount {
  accountName: string;
}

export interface TransferRecipientInput {
  name: string;
  accountNumber: string;
  bankCode: string;
}

export interface TransferInput {
  /** Our unique reference (lowercase letters, digits, `-`, `_`). Reuse it on every retry. */
  reference: string;
  amountKobo: number;
  recipientCode: string;
  reason: string;
}

export type TransferStatus = 'success' | 'pending' | 'failed' | 'reversed';

export interface TransferResult {
  status: TransferStatus;
  transferCode: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  initialize(input: InitializePaymentInput): Promise<InitializedPayment>;
  /** Throws GatewayError with code 'not_found' when the gateway does not know the reference. */
  verify(reference: string): Promise<PaymentVerification>;
  listBanks(): Promise<Bank[]>;
  /** Throws GatewayError 'rejected' when the account cannot be resolved. */
  resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount>;
  createTransferRecipient(input: TransferRecipientInput): Promise<{ recipientCode: string }>;
  transfer(input: TransferInput): Promise<TransferResult>;
  /** The current state of a transfer made with `transfer` (for pending or inconclusive ones). */
  verifyTransfer(reference: string): Promise<TransferResult>;
  /** True only when `signature` is the right x-paystack-signature for exactly these bytes. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
}

export type GatewayErrorCode =
  /** The request never got an answer (connection refused, reset, DNS). */
  | 'network'
  /** No answer within the time limit. The operation may or may not have happened. */
  | 'timeout'
  /** The gateway failed (5xx) or asked us to slow down (429). */
  | 'unavailable'
  /** The gateway refused the request (4xx other than 404/429, or `status: false`). */
  | 'rejected'
  /** The gateway does not know the reference. */
  | 'not_found'
  /** The answer could not be understood. */
  | 'invalid_response'
  /** We refused to send the request (bad amount, bad reference). */
  | 'invalid_request';

/**
 * The one error the gateways throw. `retryable` means the outcome is unknown or temporary: retry
 * later with the SAME reference. `message` is safe to log; it never contains the secret key.
 */
export class GatewayError extends Error {
  readonly retryable: boolean;
  constructor(
    public readonly code: GatewayErrorCode,
    message: string,
    public readonly operation: string,
    public readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
    this.retryable = code === 'network' || code === 'timeout' || code === 'unavailable';
  }
}

export const isGatewayError = (e: unknown): e is GatewayError => e instanceof GatewayError;

/**
 * The only rule for giving value for a payment: the gateway says success AND the amount is
 * exactly what we asked for AND the currency is NGN. Anything else gives nothing.
 */
export function isPaidInFull(verification: PaymentVerification, expectedKobo: number): boolean {
  return (
    verification.status === 'success' &&
    Number.isSafeInteger(expectedKobo) &&
    verification.amountKobo === expectedKobo &&
    verification.currency === GATEWAY_CURRENCY
  );
}

/** Shared input checks, so both implementations refuse the same bad requests. */
export function assertKobo(amountKobo: number, operation: string): void {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) {
    throw new GatewayError('invalid_request', 'Amount must be a positive whole number of kobo', operation);
  }
}

const REFERENCE = /^[a-z0-9_-]{1,100}$/;

export function assertReference(reference: string, operation: string): void {
  if (!REFERENCE.test(reference)) {
    throw new GatewayError('invalid_request', 'Reference must be 1 to 100 lowercase letters, digits, "-" or "_"', operation);
  }
}

export function assertAccountNumber(accountNumber: string, operation: string): void {
  if (!/^\d{10}$/.test(accountNumber)) {
    throw new GatewayError('invalid_request', 'Account number must be 10 digits', operation);
  }
}
