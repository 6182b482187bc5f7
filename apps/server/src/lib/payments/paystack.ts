/**
 * Paystack over its REST API (https://paystack.com/docs/api/). Every answer is an envelope
 * `{status: boolean, message: string, data}`; amounts are kobo; we always send our own reference.
 *
 * The secret key lives in a private field: it is sent only in the Authorization header and never
 * appears in errors, logs or `JSON.stringify(gateway)`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
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
  type PaymentStatus,
  type PaymentVerification,
  type ResolvedAccount,
  type TransferInput,
  type TransferRecipientInput,
  type TransferResult,
  type TransferStatus,
} from './gateway.js';

export interface PaystackOptions {
  secretKey: string;
  /** https://api.paystack.co, or a fake server in tests. */
  baseUrl: string;
  /** Per request; default 15 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The x-paystack-signature Paystack sends: HMAC-SHA512 of the raw body with the secret key, hex. */
export function paystackSignature(rawBody: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

const Envelope = z.object({ status: z.boolean(), message: z.string().optional().default(''), data: z.unknown().optional() });

const InitializeData = z.object({ authorization_url: z.url(), reference: z.string() });

const VerifyData = z.object({
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  paid_at: z.string().nullish(),
  gateway_response: z.string().nullish(),
  authorization: z
    .object({ signature: z.string().nullish(), bin: z.string().nullish(), last4: z.string().nullish(), bank: z.string().nullish() })
    .nullish(),
});

const BankItem = z.object({
  name: z.string(),
  code: z.string(),
  active: z.boolean().optional(),
  is_deleted: z.boolean().nullish(),
});
const BankPage = z.object({
  data: z.array(BankItem),
  meta: z.object({ next: z.string().nullish() }).partial().optional(),
});

const ResolveData = z.object({ account_name: z.string().min(1) });
const RecipientData = z.object({ recipient_code: z.string().min(1) });
const TransferData = z.object({ status: z.string(), transfer_code: z.string().min(1) });

/** Paystack transaction statuses folded into ours. Unknown ones stay pending (never value). */
function paymentStatus(s: string): PaymentStatus {
  switch (s) {
    case 'success':
      return 'success';
    case 'failed':
    case 'reversed':
      return 'failed';
    case 'abandoned':
      return 'abandoned';
    default: // ongoing, pending, processing, queued, …
      return 'pending';
  }
}

/** Paystack transfer statuses folded into ours. `otp`, `received`, `processing` are still moving. */
function transferStatus(s: string): TransferStatus {
  switch (s) {
    case 'success':
      return 'success';
    case 'reversed':
      return 'reversed';
    case 'failed':
    case 'abandoned':
    case 'blocked':
    case 'rejected':
      return 'failed';
    default:
      return 'pending';
  }
}

const MAX_BANK_PAGES = 20;

export class PaystackGateway implements PaymentGateway {
  readonly name = 'paystack' as const;
  readonly #secretKey: string;
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(opts: PaystackOptions) {
    if (!opts.secretKey) throw new Error('PaystackGateway needs a secret key');
    this.#secretKey = opts.secretKey;
    this.#baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.#timeoutMs = opts.timeoutMs ?? 15_000;
    this.#fetch = opts.fetch ?? fetch;
  }

  async initialize(input: InitializePaymentInput): Promise<InitializedPayment> {
    const op = 'initialize';
    assertKobo(input.amountKobo, op);
    assertReference(input.reference, op);
    const data = await this.#call(op, 'POST', '/transaction/initialize', InitializeData, {
      body: {
        email: input.email,
        amount: input.amountKobo,
        currency: GATEWAY_CURRENCY,
        reference: input.reference,
        callback_url: input.callbackUrl,
        ...(input.metadata ? { metadata: input.metadata } : {}),
      },
    });
    if (data.reference !== input.reference) {
      throw new GatewayError('invalid_response', 'Paystack answered with a different reference', op);
    }
    return { authorizationUrl: data.authorization_url, reference: data.reference };
  }

  async verify(reference: string): Promise<PaymentVerification> {
    const op = 'verify';
    assertReference(reference, op);
    const data = await this.#call(op, 'GET', `/transaction/verify/${encodeURIComponent(reference)}`, VerifyData);
    if (data.reference !== reference) {
      throw new GatewayError('invalid_response', 'Paystack answered with a different reference', op);
    }
    const paidAt = data.paid_at ? new Date(data.paid_at) : null;
    return {
      status: paymentStatus(data.status),
      amountKobo: data.amount,
      currency: data.currency,
      reference: data.reference,
      paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
      gatewayResponse: data.gateway_response ?? '',
      ...(data.authorization?.signature ? { cardSignature: data.authorization.signature } : {}),
      ...(data.authorization && (data.authorization.bin || data.authorization.last4)
        ? { card: { bin: data.authorization.bin ?? null, last4: data.authorization.last4 ?? null, bank: data.authorization.bank ?? null } }
        : {}),
    };
  }

  /** All active Nigerian banks, following Paystack's cursor pages. */
  async listBanks(): Promise<Bank[]> {
    const op = 'listBanks';
    const banks: Bank[] = [];
    const seen = new Set<string>();
    let next: string | undefined;
    for (let page = 0; page < MAX_BANK_PAGES; page++) {
      const query: Record<string, string> = { country: 'nigeria', currency: GATEWAY_CURRENCY, use_cursor: 'true', perPage: '100' };
      if (next) query.next = next;
      const res = await this.#call(op, 'GET', '/bank', BankPage, { query, whole: true });
      for (const b of res.data) {
        if (b.active === false || b.is_deleted === true || seen.has(b.code)) continue;
        seen.add(b.code);
        banks.push({ name: b.name, code: b.code });
      }
      next = res.meta?.next ?? undefined;
      if (!next) return banks;
    }
    throw new GatewayError('invalid_response', 'Paystack bank list did not end', op);
  }

  async resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount> {
    const op = 'resolveAccount';
    assertAccountNumber(accountNumber, op);
    const data = await this.#call(op, 'GET', '/bank/resolve', ResolveData, {
      query: { account_number: accountNumber, bank_code: bankCode },
    });
    return { accountName: data.account_name };
  }

  async createTransferRecipient(input: TransferRecipientInput): Promise<{ recipientCode: string }> {
    const op = 'createTransferRecipient';
    assertAccountNumber(input.accountNumber, op);
    const data = await this.#call(op, 'POST', '/transferrecipient', RecipientData, {
      body: {
        type: 'nuban',
        name: input.name,
        account_number: input.accountNumber,
        bank_code: input.bankCode,
        currency: GATEWAY_CURRENCY,
      },
    });
    return { recipientCode: data.recipient_code };
  }

  async transfer(input: TransferInput): Promise<TransferResult> {
    const op = 'transfer';
    assertKobo(input.amountKobo, op);
    assertReference(input.reference, op);
    const data = await this.#call(op, 'POST', '/transfer', TransferData, {
      body: {
        source: 'balance',
        amount: input.amountKobo,
        recipient: input.recipientCode,
        reference: input.reference,
        reason: input.reason,
        currency: GATEWAY_CURRENCY,
      },
    });
    return { status: transferStatus(data.status), transferCode: data.transfer_code };
  }

  async verifyTransfer(reference: string): Promise<TransferResult> {
    const op = 'verifyTransfer';
    assertReference(reference, op);
    const data = await this.#call(op, 'GET', `/transfer/verify/${encodeURIComponent(reference)}`, TransferData);
    return { status: transferStatus(data.status), transferCode: data.transfer_code };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean {
    if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
    const expected = Buffer.from(paystackSignature(rawBody, this.#secretKey), 'hex');
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }

  /** JSON.stringify / util.inspect show no secret. */
  toJSON() {
    return { name: this.name, baseUrl: this.#baseUrl };
  }

  async #call<T extends z.ZodType>(
    op: string,
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    opts: { body?: unknown; query?: Record<string, string>; whole?: boolean } = {},
  ): Promise<z.infer<T>> {
    const url = new URL(this.#baseUrl + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);

    let res: Response;
    try {
      res = await this.#fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${this.#secretKey}`,
          Accept: 'application/json',
          ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (err) {
      const name = (err as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new GatewayError('timeout', `Paystack did not answer ${op} within ${this.#timeoutMs} ms`, op);
      }
      throw new GatewayError('network', `Could not reach Paystack for ${op}`, op);
    }

    let json: unknown;
    try {
      json = await res.json();
    } catch {
      json = undefined;
    }
    const envelope = Envelope.safeParse(json);
    const message = envelope.success ? envelope.data.message : '';

    if (res.status >= 500 || res.status === 429) {
      throw new GatewayError('unavailable', message || `Paystack answered ${res.status} to ${op}`, op, res.status);
    }
    if (!envelope.success) {
      throw new GatewayError('invalid_response', `Paystack sent an unreadable answer to ${op}`, op, res.status);
    }
    if (res.status === 404 || (!envelope.data.status && /not found/i.test(message))) {
      throw new GatewayError('not_found', message || 'Not found', op, res.status);
    }
    if (!res.ok || !envelope.data.status) {
      throw new GatewayError('rejected', message || `Paystack refused ${op}`, op, res.status);
    }
    const parsed = schema.safeParse(opts.whole ? json : envelope.data.data);
    if (!parsed.success) {
      throw new GatewayError('invalid_response', `Paystack sent an unexpected answer to ${op}`, op, res.status);
    }
    return parsed.data;
  }
}
