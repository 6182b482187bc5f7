import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError, PaystackGateway, isPaidInFull } from '../../src/lib/payments/index.js';
import { startFakePaystack, type FakePaystack } from './fake-paystack.js';

let fake: FakePaystack;
let gateway: PaystackGateway;

beforeAll(async () => {
  fake = await startFakePaystack();
  gateway = new PaystackGateway({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 500 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

/** The error a promise rejects with, so its fields can be asserted. */
async function rejection(p: Promise<unknown>): Promise<GatewayError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

const pay = (reference: string, amountKobo = 1_000_000) =>
  gateway.initialize({
    reference,
    amountKobo,
    email: 'ada@example.test',
    callbackUrl: 'http://localhost:3000/dashboard/payment-verification',
    metadata: { purpose: 'deposit', userId: 'u1' },
  });

describe('PaystackGateway.initialize', () => {
  it('posts the amount in kobo, our reference, NGN and the callback URL with the Bearer key', async () => {
    const out = await pay('dep_init_1', 1_050_050);
    expect(out).toEqual({ authorizationUrl: 'https://checkout.paystack.com/acc_dep_init_1', reference: 'dep_init_1' });

    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/transaction/initialize');
    expect(req.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      email: 'ada@example.test',
      amount: 1_050_050,
      currency: 'NGN',
      reference: 'dep_init_1',
      callback_url: 'http://localhost:3000/dashboard/payment-verification',
      metadata: { purpose: 'deposit', userId: 'u1' },
    });
  });

  it('passes on Paystack refusing a duplicate reference, not retryable', async () => {
    await pay('dep_dup_1');
    const err = await rejection(pay('dep_dup_1'));
    expect(err).toMatchObject({ code: 'rejected', message: 'Duplicate Transaction Reference', retryable: false, httpStatus: 400 });
  });

  it('refuses amounts that are not whole positive kobo and references Paystack would reject, without calling', async () => {
    expect(await rejection(pay('dep_bad_1', 100.5))).toMatchObject({ code: 'invalid_request', retryable: false });
    expect(await rejection(pay('dep_bad_2', 0))).toMatchObject({ code: 'invalid_request' });
    expect(await rejection(pay('Dep Bad/3'))).toMatchObject({ code: 'invalid_request' });
    expect(fake.requests).toHaveLength(0);
  });

  it('maps a wrong secret key to a refusal whose message does not contain any key', async () => {
    const wrong = new PaystackGateway({ secretKey: 'sk_test_wrong_key', baseUrl: fake.url });
    const err = await rejection(
      wrong.initialize({ reference: 'dep_key_1', amountKobo: 100, email: 'a@b.test', callbackUrl: 'http://x.test/cb' }),
    );
    expect(err).toMatchObject({ code: 'rejected', message: 'Invalid key', httpStatus: 401, retryable: false });
    expect(JSON.stringify(err)).not.toContain('sk_test');
  });
});

describe('PaystackGateway.verify and isPaidInFull', () => {
  it('reports a successful payment as Paystack says, and it counts as paid for the amount asked', async () => {
    await pay('dep_ok_1', 500_000);
    fake.settle('dep_ok_1', { status: 'success' });
    const v = await gateway.verify('dep_ok_1');
    expect(v).toEqual({
      status: 'success',
      amountKobo: 500_000,
      currency: 'NGN',
      reference: 'dep_ok_1',
      paidAt: new Date('2026-11-22T10:05:00.000Z'),
      gatewayResponse: 'Successful',
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/transaction/verify/dep_ok_1' });
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(isPaidInFull(v, 500_000)).toBe(true);
  });

  it('reports a failed payment, which is not paid', async () => {
    await pay('dep_fail_1', 500_000);
    fake.settle('dep_fail_1', { status: 'failed' });
    const v = await gateway.verify('dep_fail_1');
    expect(v).toMatchObject({ status: 'failed', gatewayResponse: 'Declined', paidAt: null });
    expect(isPaidInFull(v, 500_000)).toBe(false);
  });

  it('reports a checkout never finished as abandoned', async () => {
    await pay('dep_aband_1', 500_000);
    const v = await gateway.verify('dep_aband_1');
    expect(v.status).toBe('abandoned');
    expect(isPaidInFull(v, 500_000)).toBe(false);
  });

  it('a success for less than we asked is not paid in full', async () => {
    await pay('dep_short_1', 500_000);
    fake.settle('dep_short_1', { status: 'success', amount: 499_999 });
    const v = await gateway.verify('dep_short_1');
    expect(v).toMatchObject({ status: 'success', amountKobo: 499_999 });
    expect(isPaidInFull(v, 500_000)).toBe(false);
  });

  it('a success in another currency is not paid in full', async () => {
    await pay('dep_usd_1', 500_000);
    fake.settle('dep_usd_1', { status: 'success', currency: 'USD' });
    const v = await gateway.verify('dep_usd_1');
    expect(v).toMatchObject({ status: 'success', amountKobo: 500_000, currency: 'USD' });
    expect(isPaidInFull(v, 500_000)).toBe(false);
  });

  it('an unknown reference is not_found, not retryable', async () => {
    const err = await rejection(gateway.verify('dep_unknown_1'));
    expect(err).toMatchObject({ code: 'not_found', message: 'Transaction reference not found', retryable: false });
  });

  it('a 5xx during verify is retryable', async () => {
    await pay('dep_5xx_1');
    fake.failNext('/transaction/verify/', 502);
    const err = await rejection(gateway.verify('dep_5xx_1'));
    expect(err).toMatchObject({ code: 'unavailable', httpStatus: 502, retryable: true });
    expect((await gateway.verify('dep_5xx_1')).status).toBe('abandoned');
  });

  it('an answer that is not Paystack JSON is invalid_response', async () => {
    fake.failNext('/transaction/verify/', 200, 1, { hello: 'world' });
    expect(await rejection(gateway.verify('dep_weird_1'))).toMatchObject({ code: 'invalid_response', retryable: false });
  });
});

describe('PaystackGateway banks and accounts', () => {
  it('lists active Nigerian banks across cursor pages', async () => {
    const banks = await gateway.listBanks();
    expect(banks).toEqual([
      { name: 'Access Bank', code: '044' },
      { name: 'First Bank of Nigeria', code: '011' },
      { name: 'Guaranty Trust Bank', code: '058' },
      { name: 'Kuda Bank', code: '50211' },
      { name: 'Zenith Bank', code: '057' },
    ]);
    expect(fake.requests.map((r) => r.query.next)).toEqual([undefined, '4']);
    expect(fake.requests[0]!.query).toMatchObject({ country: 'nigeria', use_cursor: 'true' });
  });

  it('resolves an account number at a bank', async () => {
    expect(await gateway.resolveAccount('0123456789', '058')).toEqual({ accountName: 'ADEBAYO OLUWASEUN' });
    expect(fake.requests[0]).toMatchObject({ path: '/bank/resolve', query: { account_number: '0123456789', bank_code: '058' } });
  });

  it("passes on Paystack's message when an account cannot be resolved", async () => {
    const err = await rejection(gateway.resolveAccount('0123456780', '058'));
    expect(err).toMatchObject({
      code: 'rejected',
      httpStatus: 422,
      message: 'Could not resolve account name. Check parameters or try again.',
    });
  });

  it('refuses an account number that is not 10 digits without calling', async () => {
    expect(await rejection(gateway.resolveAccount('12345', '058'))).toMatchObject({ code: 'invalid_request' });
    expect(fake.requests).toHaveLength(0);
  });

  it('creates a NUBAN transfer recipient in NGN', async () => {
    const { recipientCode } = await gateway.createTransferRecipient({
      name: 'Adebayo Oluwaseun',
      accountNumber: '0123456789',
      bankCode: '058',
    });
    expect(recipientCode).toMatch(/^RCP_fake\d+$/);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/transferrecipient',
      body: { type: 'nuban', name: 'Adebayo Oluwaseun', account_number: '0123456789', bank_code: '058', currency: 'NGN' },
    });
  });
});

describe('PaystackGateway.transfer', () => {
  let recipientCode: string;
  beforeAll(async () => {
    ({ recipientCode } = await gateway.createTransferRecipient({
      name: 'Adebayo Oluwaseun',
      accountNumber: '0123456789',
      bankCode: '058',
    }));
  });

  it('sends the amount in kobo from the balance with our reference', async () => {
    const out = await gateway.transfer({ reference: 'wd_ok_1', amountKobo: 2_500_000, recipientCode, reason: 'ContestHub withdrawal' });
    expect(out.status).toBe('success');
    expect(out.transferCode).toMatch(/^TRF_fake\d+$/);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/transfer',
      body: {
        source: 'balance',
        amount: 2_500_000,
        recipient: recipientCode,
        reference: 'wd_ok_1',
        reason: 'ContestHub withdrawal',
        currency: 'NGN',
      },
    });
    expect(await gateway.verifyTransfer('wd_ok_1')).toEqual(out);
  });

  it('a 5xx is a retryable GatewayError and the retry carries the SAME reference, paying once', async () => {
    fake.failNext('/transfer', 503);
    const input = { reference: 'wd_retry_1', amountKobo: 1_000_000, recipientCode, reason: 'ContestHub withdrawal' };
    const err = await rejection(gateway.transfer(input));
    expect(err).toMatchObject({ code: 'unavailable', httpStatus: 503, retryable: true, operation: 'transfer' });
    expect(fake.transfers.has('wd_retry_1')).toBe(false);

    const out = await gateway.transfer(input);
    expect(out.status).toBe('success');
    const sent = fake.requests.filter((r) => r.path === '/transfer').map((r) => r.body?.reference);
    expect(sent).toEqual(['wd_retry_1', 'wd_retry_1']);
    expect([...fake.transfers.values()].filter((t) => t.reference === 'wd_retry_1')).toHaveLength(1);
  });

  it('a timeout is retryable', async () => {
    fake.stallNext('/transfer', 1500);
    const err = await rejection(gateway.transfer({ reference: 'wd_slow_1', amountKobo: 100_000, recipientCode, reason: 'x' }));
    expect(err).toMatchObject({ code: 'timeout', retryable: true });
  });

  it('an unreachable Paystack is a retryable network error', async () => {
    const down = new PaystackGateway({ secretKey: fake.secretKey, baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 });
    const err = await rejection(down.transfer({ reference: 'wd_down_1', amountKobo: 100_000, recipientCode, reason: 'x' }));
    expect(err).toMatchObject({ code: 'network', retryable: true });
  });

  it('maps Paystack transfer statuses: otp and received are pending, failed and reversed are final', async () => {
    for (const [status, ours] of [
      ['otp', 'pending'],
      ['received', 'pending'],
      ['failed', 'failed'],
      ['reversed', 'reversed'],
    ] as const) {
      fake.failNext('/transfer', 200, 1, { status: true, message: 'Transfer queued', data: { status, transfer_code: `TRF_${status}` } });
      expect(await gateway.transfer({ reference: `wd_map_${status}`, amountKobo: 100, recipientCode, reason: 'x' })).toEqual({
        status: ours,
        transferCode: `TRF_${status}`,
      });
    }
  });
});

describe('PaystackGateway.verifyWebhook', () => {
  const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: 'dep_ok_1', amount: 500000, currency: 'NGN' } }));

  it('accepts the signature Paystack computes over the raw body', () => {
    expect(gateway.verifyWebhook(body, fake.sign(body))).toBe(true);
    expect(gateway.verifyWebhook(body, fake.sign(body).toUpperCase())).toBe(true);
  });

  it('refuses a forged signature, a signature of a changed body, and one made with another key', () => {
    const forged = fake.sign(body).replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expect(gateway.verifyWebhook(body, forged)).toBe(false);
    const changed = Buffer.from(body.toString().replace('500000', '5000000'));
    expect(gateway.verifyWebhook(changed, fake.sign(body))).toBe(false);
    const other = new PaystackGateway({ secretKey: 'sk_test_other', baseUrl: fake.url });
    expect(other.verifyWebhook(body, fake.sign(body))).toBe(false);
  });

  it('refuses an empty or missing signature', () => {
    expect(gateway.verifyWebhook(body, '')).toBe(false);
    expect(gateway.verifyWebhook(body, undefined)).toBe(false);
    expect(gateway.verifyWebhook(body, 'abc')).toBe(false);
  });
});

describe('the secret key', () => {
  it('does not show when the gateway is printed or serialised', () => {
    expect(JSON.stringify(gateway)).not.toContain(fake.secretKey);
    expect(inspect(gateway, { depth: 5 })).not.toContain(fake.secretKey);
  });
});
