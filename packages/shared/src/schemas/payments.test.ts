import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZBankAccountRequest,
  ZCreditTransferRequest,
  ZDepositForm,
  ZDepositRequest,
  ZSubscriptionCancelRequest,
  ZSubscriptionExtendRequest,
  ZSubscriptionInitializeRequest,
  ZTransferHistoryQuery,
  ZVerifyPaymentRequest,
  ZVoteCreditPurchaseRequest,
  ZVoteCreditTransactionsQuery,
  ZWithdrawForm,
  ZWithdrawRequest,
} from './payments.js';

/** The messages a client would see for an input, in order; [] when the input is accepted. */
function refusals(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('deposit', () => {
  it('takes kobo on the wire', () => {
    expect(ZDepositRequest.parse({ amount: 1_000_000, callbackUrl: 'https://contesthub.ng/dashboard/payment-verification' })).toEqual({
      amount: 1_000_000,
      callbackUrl: 'https://contesthub.ng/dashboard/payment-verification',
    });
    expect(ZDepositRequest.parse({ amount: 150 })).toEqual({ amount: 150 });
  });

  it.each([undefined, '', '10000', 0, 99, -500, 12.5, 1_000_000_001])('refuses %s kobo with "Enter a valid amount"', (amount) => {
    expect(refusals(ZDepositRequest, { amount })).toEqual(['Enter a valid amount']);
  });

  it('takes whole naira in the form, as a number or as typed with separators', () => {
    expect(ZDepositForm.parse({ amount: 10_000 })).toEqual({ amount: 10_000 });
    expect(ZDepositForm.parse({ amount: '10,000' })).toEqual({ amount: 10_000 });
  });

  it.each([undefined, '', 0, -5, 12.5, 'abc', '1e3', 10_000_001])('refuses %s naira in the form with "Enter a valid amount"', (amount) => {
    expect(refusals(ZDepositForm, { amount })).toEqual(['Enter a valid amount']);
  });

  it('refuses a callback that is not a web address', () => {
    expect(refusals(ZDepositRequest, { amount: 100, callbackUrl: 'javascript:alert(1)' })).toEqual(['Invalid callback URL']);
  });
});

describe('payment reference', () => {
  it('accepts a trimmed reference', () => {
    expect(ZVerifyPaymentRequest.parse({ reference: '  CH-dep-1a2b.3=  ' })).toEqual({ reference: 'CH-dep-1a2b.3=' });
  });

  it.each([undefined, '', '   '])('refuses %j with "Payment reference is required"', (reference) => {
    expect(refusals(ZVerifyPaymentRequest, { reference })).toEqual(['Payment reference is required']);
  });

  it('refuses characters Paystack does not allow and overlong references', () => {
    expect(refusals(ZVerifyPaymentRequest, { reference: 'ref/../x' })).toEqual(['Invalid payment reference']);
    expect(refusals(ZVerifyPaymentRequest, { reference: 'a'.repeat(101) })).toEqual(['Invalid payment reference']);
  });
});

describe('withdraw', () => {
  it('accepts kobo and the account password; the form takes naira as typed', () => {
    expect(ZWithdrawRequest.parse({ amount: 500_000, password: 'secret1', bankAccount: 'ignored' })).toEqual({
      amount: 500_000,
      password: 'secret1',
    });
    expect(ZWithdrawForm.parse({ amount: '5,000', password: 'secret1' })).toEqual({ amount: 5_000, password: 'secret1' });
  });

  it('refuses a bad amount and a missing or short password with the spec texts', () => {
    expect(refusals(ZWithdrawRequest, { amount: 0, password: 'secret1' })).toEqual(['Enter a valid amount']);
    expect(refusals(ZWithdrawRequest, { amount: '5000', password: 'secret1' })).toEqual(['Enter a valid amount']);
    expect(refusals(ZWithdrawRequest, { amount: 50_000 })).toEqual(['Enter your account password']);
    expect(refusals(ZWithdrawRequest, { amount: 50_000, password: '12345' })).toEqual(['Enter your account password']);
  });
});

describe('bank account', () => {
  it('accepts 10 digits and a bank code', () => {
    expect(ZBankAccountRequest.parse({ accountNumber: ' 0123456789 ', bankCode: '058' })).toEqual({
      accountNumber: '0123456789',
      bankCode: '058',
    });
  });

  it('refuses missing fields with "Account number and bank are required"', () => {
    expect(refusals(ZBankAccountRequest, {})).toEqual(['Account number and bank are required', 'Account number and bank are required']);
    expect(refusals(ZBankAccountRequest, { accountNumber: '0123456789', bankCode: ' ' })).toEqual(['Account number and bank are required']);
    expect(refusals(ZBankAccountRequest, { accountNumber: ' ', bankCode: '058' })).toEqual(['Account number and bank are required']);
  });

  it('refuses an account number that is not 10 digits', () => {
    expect(refusals(ZBankAccountRequest, { accountNumber: '012345678', bankCode: '058' })).toEqual(['Account number must be 10 digits']);
    expect(refusals(ZBankAccountRequest, { accountNumber: '01234567890', bankCode: '058' })).toEqual(['Account number must be 10 digits']);
    expect(refusals(ZBankAccountRequest, { accountNumber: '01234a6789', bankCode: '058' })).toEqual(['Account number must be 10 digits']);
  });
});

describe('vote-credit purchase', () => {
  it('accepts a package or an amount of credits', () => {
    expect(ZVoteCreditPurchaseRequest.parse({ package: 'large' })).toEqual({ package: 'large' });
    expect(ZVoteCreditPurchaseRequest.parse({ amount: 75, package: null })).toEqual({ amount: 75 });
    // A form's text, as typed: spec 001 §5 asks for a positive numeric amount.
    expect(ZVoteCreditPurchaseRequest.parse({ amount: '1,200' })).toEqual({ amount: 1200 });
  });

  it('refuses neither and both with "Either a valid package or amount must be provided"', () => {
    const message = 'Either a valid package or amount must be provided';
    expect(refusals(ZVoteCreditPurchaseRequest, {})).toEqual([message]);
    expect(refusals(ZVoteCreditPurchaseRequest, { package: '', amount: null })).toEqual([message]);
    expect(refusals(ZVoteCreditPurchaseRequest, { package: 'small', amount: 50 })).toEqual([message]);
  });

  it('refuses an unknown package with "Invalid package selected"', () => {
    expect(refusals(ZVoteCreditPurchaseRequest, { package: 'mega' })).toEqual(['Invalid package selected']);
    expect(refusals(ZVoteCreditPurchaseRequest, { package: 3 })).toEqual(['Invalid package selected']);
  });

  it.each([0, -10, '-5', 'abc'])('refuses amount %j with "Amount must be a positive number"', (amount) => {
    expect(refusals(ZVoteCreditPurchaseRequest, { amount })).toEqual(['Amount must be a positive number']);
  });

  it('refuses fractions of a credit and more than the custom maximum', () => {
    expect(refusals(ZVoteCreditPurchaseRequest, { amount: 10.5 })).toEqual(['Amount must be a whole number of vote credits']);
    expect(refusals(ZVoteCreditPurchaseRequest, { amount: 100_001 })).toEqual(['You can buy at most 100,000 vote credits at once']);
  });
});

describe('transaction queries', () => {
  it('defaults to page 1 with 50 vote-credit rows or 10 transfer rows, and reads query strings', () => {
    expect(ZVoteCreditTransactionsQuery.parse({})).toEqual({ page: 1, limit: 50 });
    expect(ZTransferHistoryQuery.parse({})).toEqual({ page: 1, limit: 10 });
    expect(ZVoteCreditTransactionsQuery.parse({ page: '3', limit: '100', status: 'pending' })).toEqual({
      page: 3,
      limit: 100,
      status: 'pending',
    });
  });

  it.each(['0', '-1', '1.5', 'two'])('refuses page %j with "Page must be a positive integer"', (page) => {
    expect(refusals(ZVoteCreditTransactionsQuery, { page })).toEqual(['Page must be a positive integer']);
    expect(refusals(ZTransferHistoryQuery, { page })).toEqual(['Page must be a positive integer']);
  });

  it.each(['0', '101', '2.5', 'many'])('refuses limit %j with "Limit must be between 1 and 100"', (limit) => {
    expect(refusals(ZVoteCreditTransactionsQuery, { limit })).toEqual(['Limit must be between 1 and 100']);
    expect(refusals(ZTransferHistoryQuery, { limit })).toEqual(['Limit must be between 1 and 100']);
  });
});

describe('credit transfer', () => {
  const valid = { recipientEmail: ' Ada@Example.com ', amount: 10, password: 'pw' };

  it('accepts a recipient, at least 10 whole credits and the password', () => {
    expect(ZCreditTransferRequest.parse(valid)).toEqual({ recipientEmail: 'ada@example.com', amount: 10, password: 'pw' });
    expect(ZCreditTransferRequest.parse({ ...valid, amount: '1,000' }).amount).toBe(1_000);
  });

  it('refuses missing fields with "Please select recipients, enter amount, and password"', () => {
    const message = 'Please select recipients, enter amount, and password';
    expect(refusals(ZCreditTransferRequest, {})).toEqual([message, message, message]);
    expect(refusals(ZCreditTransferRequest, { ...valid, recipientEmail: '  ' })).toEqual([message]);
    expect(refusals(ZCreditTransferRequest, { ...valid, amount: '' })).toEqual([message]);
    expect(refusals(ZCreditTransferRequest, { ...valid, password: '' })).toEqual([message]);
  });

  it('refuses less than 10 credits with "Minimum transfer amount is 10 vote credits"', () => {
    expect(refusals(ZCreditTransferRequest, { ...valid, amount: 9 })).toEqual(['Minimum transfer amount is 10 vote credits']);
    expect(refusals(ZCreditTransferRequest, { ...valid, amount: -10 })).toEqual(['Minimum transfer amount is 10 vote credits']);
  });

  it('refuses fractions of a credit and a malformed email', () => {
    expect(refusals(ZCreditTransferRequest, { ...valid, amount: 10.5 })).toEqual(['Amount must be a whole number of vote credits']);
    expect(refusals(ZCreditTransferRequest, { ...valid, recipientEmail: 'ada@' })).toEqual(['Please provide a valid email address']);
  });
});

describe('subscriptions', () => {
  it('accepts a paid tier, a period and a payment method', () => {
    const body = { tier: 'basic_premium', duration: 'yearly', paymentMethod: 'wallet' };
    expect(ZSubscriptionInitializeRequest.parse(body)).toEqual(body);
  });

  it('refuses a missing or free tier with "Please select a subscription tier"', () => {
    expect(refusals(ZSubscriptionInitializeRequest, { duration: 'monthly', paymentMethod: 'paystack' })).toEqual([
      'Please select a subscription tier',
    ]);
    expect(refusals(ZSubscriptionInitializeRequest, { tier: 'free', duration: 'monthly', paymentMethod: 'paystack' })).toEqual([
      'Please select a subscription tier',
    ]);
  });

  it('refuses an unknown period or payment method', () => {
    expect(refusals(ZSubscriptionInitializeRequest, { tier: 'professional', duration: 'weekly', paymentMethod: 'card' })).toEqual([
      'Please select monthly or yearly billing',
      'Please select a payment method',
    ]);
    expect(refusals(ZSubscriptionExtendRequest, {})).toEqual(['Please select monthly or yearly billing']);
    expect(ZSubscriptionExtendRequest.parse({ duration: 'monthly' })).toEqual({ duration: 'monthly' });
  });

  it('takes an optional cancellation reason of at most 500 characters', () => {
    expect(ZSubscriptionCancelRequest.parse({})).toEqual({});
    expect(ZSubscriptionCancelRequest.parse({ reason: ' Too expensive ' })).toEqual({ reason: 'Too expensive' });
    expect(refusals(ZSubscriptionCancelRequest, { reason: 'x'.repeat(501) })).toEqual(['Reason cannot exceed 500 characters']);
  });
});
