/**
 * The default gateway: deterministic, no network, so the whole payment flow works on a laptop.
 *
 * - initialize keeps a pending payment in a SandboxStore and sends the payer to OUR checkout page,
 *   `${publicUrl}/api/payments/sandbox/checkout?reference=…`, where they approve or decline
 *   (`approve` / `decline` below); verify then reads the stored outcome, exactly like Paystack.
 * - Banks are a fixed list of real Nigerian banks with their CBN/NIBSS codes (SANDBOX_BANKS).
 * - resolveAccount turns any 10-digit number at a listed bank into a fixed name (sandboxAccountName),
 *   except UNRESOLVABLE_ACCOUNT_NUMBER, which cannot be resolved.
 * - Transfers succeed at once, except to FAILING_ACCOUNT_NUMBER, which fail (to exercise reversals).
 * - The sandbox never sends webhooks, so verifyWebhook refuses everything.
 */
import { createHash } from 'node:crypto';
import { now } from '../clock.js';
import {
  GATEWAY_CURRENCY,
  GatewayError,
  assertAccountNumber,
  assertKobo,
  assertReference,
  type Bank,
  type InitializePaymentInput,
  type InitializedPayment,
  type PaymentGateway,
  type PaymentVerification,
  type ResolvedAccount,
  type TransferInput,
  type TransferRecipientInput,
  type TransferResult,
} from './gateway.js';

/** A test card's fingerprint: the same number always gives the same one (spaces ignored). */
export function sandboxCardSignature(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  return `SIG_sandbox_${createHash('sha256').update(digits).digest('hex').slice(0, 20)}`;
}

export interface SandboxPayment {
  kind: 'payment';
  reference: string;
  amountKobo: number;
  currency: string;
  email: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
  status: 'pending' | 'success' | 'failed';
  createdAt: Date;
  paidAt: Date | null;
  /** The fingerprint of the test card typed on the checkout page, if one was. */
  cardSignature?: string;
  /** That card's BIN and last 4 digits (the sandbox's bank is always SANDBOX_CARD_BANK). */
  cardBin?: string;
  cardLast4?: string;
}

/** The issuing bank the sandbox reports for every test card. */
export const SANDBOX_CARD_BANK = 'Sandbox Test Bank';

export interface SandboxTransfer {
  kind: 'transfer';
  reference: string;
  amountKobo: number;
  currency: string;
  recipientCode: string;
  reason: string;
  status: 'success' | 'failed';
  transferCode: string;
  createdAt: Date;
}

export type SandboxRecord = SandboxPayment | SandboxTransfer;

/**
 * Where the sandbox keeps its payments and transfers, keyed by reference, so a checkout survives a
 * server restart. The app backs it with a database table; MemorySandboxStore is for tests.
 * `put` inserts or replaces the record with that reference.
 */
export interface SandboxStore {
  get(reference: string): Promise<SandboxRecord | undefined>;
  put(record: SandboxRecord): Promise<void>;
}

export class MemorySandboxStore implements SandboxStore {
  readonly #records = new Map<string, SandboxRecord>();
  async get(reference: string) {
    const r = this.#records.get(reference);
    return r ? structuredClone(r) : undefined;
  }
  async put(record: SandboxRecord) {
    this.#records.set(record.reference, structuredClone(record));
  }
}

/** Real Nigerian banks with the codes Paystack and NIBSS use, sorted by name. */
export const SANDBOX_BANKS: readonly Bank[] = [
  { name: 'Access Bank', code: '044' },
  { name: 'Ecobank Nigeria', code: '050' },
  { name: 'Fidelity Bank', code: '070' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'First City Monument Bank', code: '214' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Moniepoint MFB', code: '50515' },
  { name: 'OPay Digital Services Limited (OPay)', code: '999992' },
  { name: 'PalmPay', code: '999991' },
  { name: 'Polaris Bank', code: '076' },
  { name: 'Stanbic IBTC Bank', code: '221' },
  { name: 'Sterling Bank', code: '232' },
  { name: 'Union Bank of Nigeria', code: '032' },
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Wema Bank', code: '035' },
  { name: 'Zenith Bank', code: '057' },
];

/** resolveAccount refuses this number, like a real bank refusing an unknown account. */
export const UNRESOLVABLE_ACCOUNT_NUMBER = '0000000000';
/** Transfers to this account number fail (the recipient is still created), to test reversals. */
export const FAILING_ACCOUNT_NUMBER = '9999999999';

const FIRST_NAMES = ['ADAEZE', 'BOLA', 'CHINEDU', 'DAMILOLA', 'EMEKA', 'FUNMI', 'GBENGA', 'HAUWA', 'IFEOMA', 'JIDE'];
const SURNAMES = ['ADEYEMI', 'BELLO', 'CHUKWU', 'DANJUMA', 'EZE', 'FASHOLA', 'GARBA', 'HASSAN', 'IBRAHIM', 'JOHNSON'];

/**
 * The account name the sandbox gives a 10-digit number: surname from the last digit, first name
 * from the ninth digit, both from fixed lists of ten (index = digit). 0123456789 → "JOHNSON IFEOMA".
 */
export function sandboxAccountName(accountNumber: string): string {
  const first = FIRST_NAMES[Number(accountNumber[8])]!;
  const surname = SURNAMES[Number(accountNumber[9])]!;
  return `${surname} ${first}`;
}

const RECIPIENT = /^RCP_sandbox_(\d+)_(\d{10})$/;

function code(prefix: string, reference: string): string {
  return `${prefix}_${createHash('sha256').update(reference).digest('hex').slice(0, 15)}`;
}

export interface SandboxOptions {
  store: SandboxStore;
  /** Our own public base URL (config.publicUrl), without a trailing slash. */
  publicUrl: string;
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly #store: SandboxStore;
  readonly #publicUrl: string;

  constructor(opts: SandboxOptions) {
    this.#store = opts.store;
    this.#publicUrl = opts.publicUrl.replace(/\/+$/, '');
  }

  /** The sandbox checkout page for a reference. */
  checkoutUrl(reference: string): string {
    return `${this.#publicUrl}/api/payments/sandbox/checkout?reference=${encodeURIComponent(reference)}`;
  }

  async initialize(input: InitializePaymentInput): Promise<InitializedPayment> {
    const op = 'initialize';
    assertKobo(input.amountKobo, op);
    assertReference(input.reference, op);
    if (await this.#store.get(input.reference)) {
      throw new GatewayError('rejected', 'Duplicate Transaction Reference', op, 400);
    }
    await this.#store.put({
      kind: 'payment',
      reference: input.reference,
      amountKobo: input.amountKobo,
      currency: GATEWAY_CURRENCY,
      email: input.email,
      callbackUrl: input.callbackUrl,
      metadata: input.metadata ?? {},
      status: 'pending',
      createdAt: now(),
      paidAt: null,
    });
    return { authorizationUrl: this.checkoutUrl(input.reference), reference: input.reference };
  }

  /** The stored payment, for the checkout page; throws 'not_found' for an unknown reference. */
  async getPayment(reference: string): Promise<SandboxPayment> {
    const record = await this.#store.get(reference);
    if (!record || record.kind !== 'payment') {
      throw new GatewayError('not_found', 'Transaction reference not found', 'getPayment', 404);
    }
    return record;
  }

  /**
   * The payer approved on the checkout page, optionally with a test card number (its fingerprint is
   * reported by verify, as Paystack reports a real card's). A payment already decided is unchanged.
   */
  approve(reference: string, cardNumber?: string): Promise<SandboxPayment> {
    return this.#decide(reference, 'success', cardNumber);
  }

  /** The payer declined on the checkout page. A payment already decided is returned unchanged. */
  decline(reference: string): Promise<SandboxPayment> {
    return this.#decide(reference, 'failed');
  }

  async verify(reference: string): Promise<PaymentVerification> {
    const p = await this.getPayment(reference);
    return {
      status: p.status,
      amountKobo: p.amountKobo,
      currency: p.currency,
      reference: p.reference,
      paidAt: p.paidAt,
      gatewayResponse:
        p.status === 'success' ? 'Successful' : p.status === 'failed' ? 'Declined' : 'Awaiting approval on the sandbox checkout page',
      ...(p.cardSignature ? { cardSignature: p.cardSignature } : {}),
      ...(p.cardSignature ? { card: { bin: p.cardBin ?? null, last4: p.cardLast4 ?? null, bank: SANDBOX_CARD_BANK } } : {}),
    };
  }

  async listBanks(): Promise<Bank[]> {
    return SANDBOX_BANKS.map((b) => ({ ...b }));
  }

  async resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount> {
    const op = 'resolveAccount';
    assertAccountNumber(accountNumber, op);
    if (!SANDBOX_BANKS.some((b) => b.code === bankCode) || accountNumber === UNRESOLVABLE_ACCOUNT_NUMBER) {
      throw new GatewayError('rejected', 'Could not resolve account name. Check parameters or try again.', op, 422);
    }
    return { accountName: sandboxAccountName(accountNumber) };
  }

  /** Recipient codes carry the bank and account, so no storage is needed: RCP_sandbox_<bank>_<account>. */
  async createTransferRecipient(input: TransferRecipientInput): Promise<{ recipientCode: string }> {
    await this.resolveAccount(input.accountNumber, input.bankCode);
    return { recipientCode: `RCP_sandbox_${input.bankCode}_${input.accountNumber}` };
  }

  /** Idempotent by reference: a retry with the same reference and details returns the first result. */
  async transfer(input: TransferInput): Promise<TransferResult> {
    const op = 'transfer';
    assertKobo(input.amountKobo, op);
    assertReference(input.reference, op);
    const match = RECIPIENT.exec(input.recipientCode);
    if (!match) throw new GatewayError('rejected', 'Invalid transfer recipient', op, 400);

    const existing = await this.#store.get(input.reference);
    if (existing) {
      if (existing.kind !== 'transfer' || existing.amountKobo !== input.amountKobo || existing.recipientCode !== input.recipientCode) {
        throw new GatewayError('rejected', 'Duplicate Transfer Reference', op, 400);
      }
      return { status: existing.status, transferCode: existing.transferCode };
    }
    const record: SandboxTransfer = {
      kind: 'transfer',
      reference: input.reference,
      amountKobo: input.amountKobo,
      currency: GATEWAY_CURRENCY,
      recipientCode: input.recipientCode,
      reason: input.reason,
      status: match[2] === FAILING_ACCOUNT_NUMBER ? 'failed' : 'success',
      transferCode: code('TRF', input.reference),
      createdAt: now(),
    };
    await this.#store.put(record);
    return { status: record.status, transferCode: record.transferCode };
  }

  async verifyTransfer(reference: string): Promise<TransferResult> {
    const record = await this.#store.get(reference);
    if (!record || record.kind !== 'transfer') {
      throw new GatewayError('not_found', 'Transfer not found', 'verifyTransfer', 404);
    }
    return { status: record.status, transferCode: record.transferCode };
  }

  verifyWebhook(_rawBody: Buffer, _signature: string | undefined): boolean {
    return false;
  }

  async #decide(reference: string, outcome: 'success' | 'failed', cardNumber?: string): Promise<SandboxPayment> {
    const digits = cardNumber?.replace(/\D/g, '') ?? '';
    const p = await this.getPayment(reference);
    if (p.status !== 'pending') return p;
    const decided: SandboxPayment = {
      ...p,
      status: outcome,
      paidAt: outcome === 'success' ? now() : null,
      ...(cardNumber ? { cardSignature: sandboxCardSignature(cardNumber) } : {}),
      ...(digits.length >= 10 ? { cardBin: digits.slice(0, 6), cardLast4: digits.slice(-4) } : {}),
    };
    await this.#store.put(decided);
    return decided;
  }
}
