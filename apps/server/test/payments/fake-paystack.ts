/**
 * A fake Paystack API for tests: node:http on port 0, speaking Paystack's documented shapes
 * (`{status, message, data}`, amounts in kobo, snake_case fields) and recording every request.
 *
 * Tests drive it directly: `settle(reference, …)` plays the payer finishing checkout,
 * `failNext(path, status)` makes the next calls to a path answer with an error, `requests` shows
 * what our gateway sent. Transfers succeed unless `nextTransferStatus` says otherwise; `setTransferStatus`
 * plays the bank deciding later (pending → success, failed or reversed).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | undefined;
}

export interface FakeTransaction {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  callback_url: string;
  metadata: unknown;
  status: string;
  gateway_response: string;
  paid_at: string | null;
}

export interface FakeBank {
  name: string;
  code: string;
  active: boolean;
}

export const FAKE_BANKS: FakeBank[] = [
  { name: 'Access Bank', code: '044', active: true },
  { name: 'First Bank of Nigeria', code: '011', active: true },
  { name: 'Guaranty Trust Bank', code: '058', active: true },
  { name: 'Heritage Bank', code: '030', active: false },
  { name: 'Kuda Bank', code: '50211', active: true },
  { name: 'Zenith Bank', code: '057', active: true },
];

/** Accounts the fake bank/resolve knows: `${bankCode}:${accountNumber}` → name. */
export const FAKE_ACCOUNTS: Record<string, string> = { '058:0123456789': 'ADEBAYO OLUWASEUN' };

export interface FakePaystack {
  url: string;
  secretKey: string;
  requests: RecordedRequest[];
  transactions: Map<string, FakeTransaction>;
  transfers: Map<string, { reference: string; amount: number; recipient: string; transfer_code: string; status: string }>;
  /** What the payer did at checkout, as Paystack later reports it in verify. */
  settle(reference: string, outcome: Partial<Pick<FakeTransaction, 'status' | 'amount' | 'currency' | 'gateway_response'>>): void;
  /** The next `times` requests whose path starts with `pathPrefix` get `status` and `body`. */
  failNext(pathPrefix: string, status: number, times?: number, body?: unknown): void;
  /**
   * Next requests to a path prefix get no answer for `ms` (to trigger our timeout). By default the stalled
   * request is dropped (it never landed); with `landed` it is carried out and only the answer is late.
   */
  stallNext(pathPrefix: string, ms: number, options?: { landed?: boolean }): void;
  /** The next `times` new transfers get this Paystack status (e.g. 'pending', 'failed', 'otp') instead of 'success'. */
  nextTransferStatus(status: string, times?: number): void;
  /** What Paystack later reports for a transfer (the bank's decision, as a webhook would announce it). */
  setTransferStatus(reference: string, status: string): void;
  /** Signs a body like Paystack signs a webhook. */
  sign(body: string | Buffer): string;
  close(): Promise<void>;
}

const ok = (message: string, data: unknown, meta?: unknown) => ({ status: true, message, data, ...(meta ? { meta } : {}) });
const fail = (message: string) => ({ status: false, message });

export async function startFakePaystack(secretKey = 'sk_test_fake_0123456789abcdef'): Promise<FakePaystack> {
  const requests: RecordedRequest[] = [];
  const transactions = new Map<string, FakeTransaction>();
  const transfers: FakePaystack['transfers'] = new Map();
  const recipients = new Map<string, { account_number: string; bank_code: string; name: string }>();
  const failures: { prefix: string; status: number; times: number; body: unknown }[] = [];
  const stalls: { prefix: string; ms: number; landed: boolean }[] = [];
  const transferStatuses: { status: string; times: number }[] = [];
  let seq = 1000;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> | undefined;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      } catch {
        body = undefined;
      }
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      });
      let delayMs = 0;
      const send = (status: number, payload: unknown) => {
        const write = () => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(payload));
        };
        if (delayMs > 0) setTimeout(write, delayMs);
        else write();
      };

      const stall = stalls.findIndex((s) => url.pathname.startsWith(s.prefix));
      if (stall >= 0) {
        const { ms, landed } = stalls.splice(stall, 1)[0]!;
        if (!landed) {
          setTimeout(() => send(200, fail('too late')), ms);
          return;
        }
        delayMs = ms;
      }
      const failure = failures.find((f) => f.times > 0 && url.pathname.startsWith(f.prefix));
      if (failure) {
        failure.times--;
        return send(failure.status, failure.body);
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) return send(401, fail('Invalid key'));

      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /transaction/initialize') {
        const b = body ?? {};
        const reference = String(b.reference);
        if (transactions.has(reference)) return send(400, fail('Duplicate Transaction Reference'));
        if (typeof b.amount !== 'number' && typeof b.amount !== 'string') return send(400, fail('Invalid Amount Sent'));
        transactions.set(reference, {
          reference,
          amount: Number(b.amount),
          currency: String(b.currency ?? 'NGN'),
          email: String(b.email),
          callback_url: String(b.callback_url ?? ''),
          metadata: b.metadata ?? null,
          status: 'abandoned',
          gateway_response: 'The transaction was not completed',
          paid_at: null,
        });
        const access = `acc_${reference}`;
        return send(
          200,
          ok('Authorization URL created', {
            authorization_url: `https://checkout.paystack.com/${access}`,
            access_code: access,
            reference,
          }),
        );
      }
      if (req.method === 'GET' && url.pathname.startsWith('/transaction/verify/')) {
        const reference = decodeURIComponent(url.pathname.slice('/transaction/verify/'.length));
        const t = transactions.get(reference);
        if (!t) return send(400, fail('Transaction reference not found'));
        return send(
          200,
          ok('Verification successful', {
            id: ++seq,
            domain: 'test',
            status: t.status,
            reference: t.reference,
            amount: t.amount,
            message: null,
            gateway_response: t.gateway_response,
            paid_at: t.paid_at,
            created_at: '2026-11-22T10:00:00.000Z',
            channel: 'card',
            currency: t.currency,
            metadata: t.metadata,
            fees: 0,
            customer: { id: 1, email: t.email, customer_code: 'CUS_fake' },
          }),
        );
      }
      if (route === 'GET /bank') {
        const active = FAKE_BANKS;
        const perPage = Math.min(Number(url.searchParams.get('perPage') ?? 50), 4); // small pages: exercise cursors
        const start = Number(url.searchParams.get('next') ?? 0);
        const page = active.slice(start, start + perPage).map((b, i) => ({
          id: start + i + 1,
          name: b.name,
          slug: b.name.toLowerCase().replace(/\s+/g, '-'),
          code: b.code,
          longcode: '',
          gateway: null,
          pay_with_bank: false,
          active: b.active,
          is_deleted: false,
          country: 'Nigeria',
          currency: 'NGN',
          type: 'nuban',
        }));
        const next = start + perPage < active.length ? String(start + perPage) : null;
        return send(200, ok('Banks retrieved', page, { next, previous: null, perPage }));
      }
      if (route === 'GET /bank/resolve') {
        const acct = url.searchParams.get('account_number') ?? '';
        const bank = url.searchParams.get('bank_code') ?? '';
        const name = FAKE_ACCOUNTS[`${bank}:${acct}`];
        if (!name) return send(422, fail('Could not resolve account name. Check parameters or try again.'));
        return send(200, ok('Account number resolved', { account_number: acct, account_name: name, bank_id: 9 }));
      }
      if (route === 'POST /transferrecipient') {
        const b = body ?? {};
        if (b.type !== 'nuban' || typeof b.account_number !== 'string' || typeof b.bank_code !== 'string') {
          return send(400, fail('Invalid recipient details'));
        }
        const code = `RCP_fake${++seq}`;
        recipients.set(code, { account_number: b.account_number, bank_code: b.bank_code, name: String(b.name) });
        return send(
          201,
          ok('Transfer recipient created successfully', {
            active: true,
            currency: 'NGN',
            name: b.name,
            recipient_code: code,
            type: 'nuban',
          }),
        );
      }
      if (route === 'POST /transfer') {
        const b = body ?? {};
        const reference = String(b.reference);
        const recipient = String(b.recipient);
        if (!recipients.has(recipient)) return send(400, fail('Recipient specified is invalid'));
        if (transfers.has(reference)) return send(400, fail('Duplicate Transfer Reference'));
        const scripted = transferStatuses.find((x) => x.times > 0);
        if (scripted) scripted.times--;
        const status = scripted?.status ?? 'success';
        const t = { reference, amount: Number(b.amount), recipient, transfer_code: `TRF_fake${++seq}`, status };
        transfers.set(reference, t);
        return send(200, ok('Transfer has been queued', { ...t, currency: 'NGN', source: b.source, reason: b.reason, integration: 1 }));
      }
      if (req.method === 'GET' && url.pathname.startsWith('/transfer/verify/')) {
        const t = transfers.get(decodeURIComponent(url.pathname.slice('/transfer/verify/'.length)));
        if (!t) return send(400, fail('Transfer not found'));
        return send(200, ok('Transfer retrieved', { ...t, currency: 'NGN' }));
      }
      return send(404, fail('Route not found'));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    transactions,
    transfers,
    settle(reference, outcome) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`fake paystack: no transaction ${reference}`);
      Object.assign(t, { gateway_response: outcome.status === 'success' ? 'Successful' : 'Declined' }, outcome);
      t.paid_at = t.status === 'success' ? '2026-11-22T10:05:00.000Z' : null;
    },
    failNext(pathPrefix, status, times = 1, body = fail('Internal server error')) {
      failures.push({ prefix: pathPrefix, status, times, body });
    },
    stallNext(pathPrefix, ms, options = {}) {
      stalls.push({ prefix: pathPrefix, ms, landed: options.landed ?? false });
    },
    nextTransferStatus(status, times = 1) {
      transferStatuses.push({ status, times });
    },
    setTransferStatus(reference, status) {
      const t = transfers.get(reference);
      if (!t) throw new Error(`fake paystack: no transfer ${reference}`);
      t.status = status;
    },
    sign(body) {
      return createHmac('sha512', secretKey).update(body).digest('hex');
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
