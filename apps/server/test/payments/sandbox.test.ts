import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../src/lib/clock.js';
import {
  FAILING_ACCOUNT_NUMBER,
  GatewayError,
  MemorySandboxStore,
  PaystackGateway,
  SandboxGateway,
  UNRESOLVABLE_ACCOUNT_NUMBER,
  createGateway,
  isPaidInFull,
  paystackSignature,
} from '../../src/lib/payments/index.js';

let store: MemorySandboxStore;
let gateway: SandboxGateway;
const at = new Date('2026-11-22T09:30:00.000Z');

beforeEach(() => {
  setClock(at);
  store = new MemorySandboxStore();
  gateway = new SandboxGateway({ store, publicUrl: 'http://localhost:3000/' });
});
afterEach(() => setClock(null));

async function rejection(p: Promise<unknown>): Promise<GatewayError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

const start = (reference: string, amountKobo = 1_000_000) =>
  gateway.initialize({
    reference,
    amountKobo,
    email: 'ada@example.test',
    callbackUrl: 'http://localhost:3000/dashboard/payment-verification',
  });

describe('SandboxGateway payments', () => {
  it('sends the payer to our own checkout page and keeps the payment pending', async () => {
    const out = await start('dep_sb_1');
    expect(out).toEqual({
      authorizationUrl: 'http://localhost:3000/api/payments/sandbox/checkout?reference=dep_sb_1',
      reference: 'dep_sb_1',
    });
    const v = await gateway.verify('dep_sb_1');
    expect(v).toMatchObject({ status: 'pending', amountKobo: 1_000_000, currency: 'NGN', paidAt: null });
    expect(isPaidInFull(v, 1_000_000)).toBe(false);
    expect(await gateway.getPayment('dep_sb_1')).toMatchObject({
      email: 'ada@example.test',
      callbackUrl: 'http://localhost:3000/dashboard/payment-verification',
    });
  });

  it('approve makes verify report success for the amount asked', async () => {
    await start('dep_sb_2', 250_000);
    await gateway.approve('dep_sb_2');
    const v = await gateway.verify('dep_sb_2');
    expect(v).toEqual({
      status: 'success',
      amountKobo: 250_000,
      currency: 'NGN',
      reference: 'dep_sb_2',
      paidAt: at,
      gatewayResponse: 'Successful',
    });
    expect(isPaidInFull(v, 250_000)).toBe(true);
    expect(isPaidInFull(v, 250_001)).toBe(false);
  });

  it('decline makes verify report failed, and a later approve does not change it', async () => {
    await start('dep_sb_3');
    await gateway.decline('dep_sb_3');
    expect(await gateway.approve('dep_sb_3')).toMatchObject({ status: 'failed' });
    const v = await gateway.verify('dep_sb_3');
    expect(v).toMatchObject({ status: 'failed', gatewayResponse: 'Declined', paidAt: null });
    expect(isPaidInFull(v, 1_000_000)).toBe(false);
  });

  it('survives a restart: a new gateway on the same store verifies the payment', async () => {
    await start('dep_sb_4');
    await gateway.approve('dep_sb_4');
    const again = new SandboxGateway({ store, publicUrl: 'http://localhost:3000' });
    expect((await again.verify('dep_sb_4')).status).toBe('success');
  });

  it('refuses a duplicate reference and unknown references like Paystack does', async () => {
    await start('dep_sb_5');
    expect(await rejection(start('dep_sb_5'))).toMatchObject({ code: 'rejected', message: 'Duplicate Transaction Reference' });
    expect(await rejection(gateway.verify('dep_sb_nope'))).toMatchObject({ code: 'not_found', message: 'Transaction reference not found' });
    expect(await rejection(gateway.approve('dep_sb_nope'))).toMatchObject({ code: 'not_found' });
    expect(await rejection(start('dep_sb_6', -5))).toMatchObject({ code: 'invalid_request' });
  });

  it('never accepts a webhook', () => {
    const body = Buffer.from('{"event":"charge.success"}');
    expect(gateway.verifyWebhook(body, undefined)).toBe(false);
    expect(gateway.verifyWebhook(body, paystackSignature(body, ''))).toBe(false);
  });
});

describe('SandboxGateway banks and transfers', () => {
  it('lists real Nigerian banks with their codes', async () => {
    const banks = await gateway.listBanks();
    expect(banks).toEqual(
      expect.arrayContaining([
        { name: 'Access Bank', code: '044' },
        { name: 'Guaranty Trust Bank', code: '058' },
        { name: 'Zenith Bank', code: '057' },
        { name: 'First Bank of Nigeria', code: '011' },
        { name: 'United Bank For Africa', code: '033' },
        { name: 'Kuda Bank', code: '50211' },
        { name: 'OPay Digital Services Limited (OPay)', code: '999992' },
        { name: 'Moniepoint MFB', code: '50515' },
        { name: 'Wema Bank', code: '035' },
        { name: 'Fidelity Bank', code: '070' },
      ]),
    );
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
  });

  it('resolves any 10-digit number at a listed bank to a name from its last two digits', async () => {
    expect(await gateway.resolveAccount('0123456789', '058')).toEqual({ accountName: 'JOHNSON IFEOMA' });
    expect(await gateway.resolveAccount('5555555500', '044')).toEqual({ accountName: 'ADEYEMI ADAEZE' });
    expect(await gateway.resolveAccount('0123456789', '057')).toEqual({ accountName: 'JOHNSON IFEOMA' });
  });

  it('cannot resolve the documented unknown account, an unlisted bank, or a short number', async () => {
    const msg = 'Could not resolve account name. Check parameters or try again.';
    expect(await rejection(gateway.resolveAccount(UNRESOLVABLE_ACCOUNT_NUMBER, '058'))).toMatchObject({ code: 'rejected', message: msg });
    expect(await rejection(gateway.resolveAccount('0123456789', '999'))).toMatchObject({ code: 'rejected', message: msg });
    expect(await rejection(gateway.resolveAccount('012345678', '058'))).toMatchObject({ code: 'invalid_request' });
  });

  it('pays a transfer once per reference: a retry returns the first result', async () => {
    const { recipientCode } = await gateway.createTransferRecipient({
      name: 'Ifeoma Johnson',
      accountNumber: '0123456789',
      bankCode: '058',
    });
    const input = { reference: 'wd_sb_1', amountKobo: 900_000, recipientCode, reason: 'ContestHub withdrawal' };
    const first = await gateway.transfer(input);
    expect(first.status).toBe('success');
    expect(first.transferCode).toMatch(/^TRF_[0-9a-f]{15}$/);
    expect(await gateway.transfer(input)).toEqual(first);
    expect(await gateway.verifyTransfer('wd_sb_1')).toEqual(first);
    expect(await rejection(gateway.transfer({ ...input, amountKobo: 900_001 }))).toMatchObject({
      code: 'rejected',
      message: 'Duplicate Transfer Reference',
    });
  });

  it('fails transfers to the documented failing account, so reversals can be tested', async () => {
    const { recipientCode } = await gateway.createTransferRecipient({
      name: 'Test Failure',
      accountNumber: FAILING_ACCOUNT_NUMBER,
      bankCode: '044',
    });
    const out = await gateway.transfer({ reference: 'wd_sb_fail', amountKobo: 500_000, recipientCode, reason: 'ContestHub withdrawal' });
    expect(out.status).toBe('failed');
    expect((await gateway.verifyTransfer('wd_sb_fail')).status).toBe('failed');
  });

  it('refuses a recipient code it did not issue and an unknown transfer', async () => {
    expect(
      await rejection(gateway.transfer({ reference: 'wd_sb_x', amountKobo: 100, recipientCode: 'RCP_other', reason: 'x' })),
    ).toMatchObject({
      code: 'rejected',
    });
    expect(await rejection(gateway.verifyTransfer('wd_sb_none'))).toMatchObject({ code: 'not_found' });
  });
});

describe('createGateway', () => {
  const base = { publicUrl: 'http://localhost:3000' };
  it('chooses the sandbox without PAYSTACK_SECRET_KEY', () => {
    const g = createGateway({ ...base, paystack: { secretKey: undefined, baseUrl: 'https://api.paystack.co' } }, { sandboxStore: store });
    expect(g).toBeInstanceOf(SandboxGateway);
    expect(g.name).toBe('sandbox');
  });
  it('chooses Paystack with PAYSTACK_SECRET_KEY', () => {
    const g = createGateway({ ...base, paystack: { secretKey: 'sk_test_x', baseUrl: 'http://127.0.0.1:9' } }, { sandboxStore: store });
    expect(g).toBeInstanceOf(PaystackGateway);
    expect(g.name).toBe('paystack');
  });
});
