import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBankAccountAnswer,
  ZBankAccountRequest,
  ZBankList,
  ZDepositRequest,
  ZDepositVerified,
  ZPageQuery,
  ZPaymentInitialized,
  ZResolvedAccount,
  ZVerifyPaymentRequest,
  ZWalletAnswer,
  ZWalletStats,
  ZWalletTransactionsPage,
  ZWalletTransactionsQuery,
  ZWithdrawAnswer,
  ZWithdrawRequest,
  ZWithdrawalsPage,
} from '@contesthub/shared';
import { envelope, ok, ZIdempotencyHeaders, rateLimits } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import { DEPOSIT_MESSAGES } from '../payments/deposits.service.js';
import * as bankAccounts from './bank-accounts.service.js';
import * as wallet from './wallet.service.js';
import * as withdrawals from './withdrawals.service.js';

const tags = ['wallet'];

/** /api/wallet: the signed-in user's naira wallet and vote credits, read from the ledger. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'My wallet: naira balance (kobo), vote credits and total winnings',
        response: { 200: envelope(ZWalletAnswer) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok({ wallet: await wallet.getWallet(app.ctx, requireAuth(req).userId) }),
  );

  app.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Open my wallet (idempotent: answers the existing wallet when there is one)',
        response: { 200: envelope(ZWalletAnswer) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perAddress(20) },
    },
    async (req) => {
      const { wallet: view, created } = await wallet.createWallet(app.ctx, requireAuth(req).userId);
      return ok({ wallet: view }, created ? 'Wallet created successfully' : 'Wallet already exists');
    },
  );

  app.get(
    '/transactions',
    {
      schema: {
        tags,
        summary: 'My naira and vote-credit movements, newest first',
        description:
          'Filters: asset (NGN or CREDIT), direction (credit: money in, debit: money out), type (the ledger kind, e.g. contest_payout), ' +
          'startDate and endDate (ISO date-times, inclusive). Amounts are positive: kobo for NGN, credits for CREDIT.',
        querystring: ZWalletTransactionsQuery,
        response: { 200: envelope(ZWalletTransactionsPage) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await wallet.listTransactions(app.ctx, requireAuth(req).userId, req.query)),
  );

  app.get(
    '/stats',
    {
      schema: {
        tags,
        summary: 'My totals in and out per asset, and prize winnings',
        response: { 200: envelope(ZWalletStats) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await wallet.walletStats(app.ctx, requireAuth(req).userId)),
  );

  app.post(
    '/deposit',
    {
      schema: {
        tags,
        summary: 'Start a deposit: answers the gateway page (authorizationUrl) the browser goes to',
        description:
          'amount is whole naira (1 to 10,000,000). callbackUrl is kept only when it is on our own PUBLIC_URL origin; ' +
          'otherwise the payer returns to /dashboard/payment-verification. The gateway adds ?reference=…&trxref=…',
        body: ZDepositRequest,
        response: { 200: envelope(ZPaymentInitialized) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(20) },
    },
    async (req) => ok(await wallet.deposit(app.ctx, requireAuth(req).userId, req.body), DEPOSIT_MESSAGES.initialized),
  );

  app.post(
    '/verify-deposit',
    {
      schema: {
        tags,
        summary: 'Verify my deposit with the gateway and credit the wallet (exactly once)',
        description:
          'Only the payer may verify. A paid deposit is credited once; verifying it again answers the same success with credited=false. ' +
          "Declined, abandoned, unpaid or mismatched payments answer 400 'Payment verification failed'; an unknown or foreign reference 404.",
        body: ZVerifyPaymentRequest,
        response: { 200: envelope(ZDepositVerified) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(30) },
    },
    async (req) => ok(await wallet.verifyDeposit(app.ctx, requireAuth(req).userId, req.body.reference), DEPOSIT_MESSAGES.verified),
  );

  app.get(
    '/banks',
    {
      schema: {
        tags,
        summary: 'Banks a payout can go to (code and name), sorted by name',
        description: "From the payment gateway, kept for an hour. data is the list itself (spec 001 §7 'data list').",
        response: { 200: envelope(ZBankList) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(60) },
    },
    async () => ok(await bankAccounts.listBanks(app.ctx)),
  );

  app.get(
    '/resolve-account',
    {
      schema: {
        tags,
        summary: 'The account name the bank gives for a 10-digit account number',
        description:
          'An unknown bank code or an account the bank cannot resolve answers 400. Each resolve costs money at the gateway: 20 a minute per user.',
        querystring: ZBankAccountRequest,
        response: { 200: envelope(ZResolvedAccount) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(20) },
    },
    async (req) => ok(await bankAccounts.resolveAccount(app.ctx, req.query)),
  );

  app.get(
    '/bank-account',
    {
      schema: {
        tags,
        summary: 'My payout bank account (null until I add one)',
        response: { 200: envelope(ZBankAccountAnswer) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await bankAccounts.getBankAccount(app.ctx, requireAuth(req).userId)),
  );

  app.post(
    '/bank-account',
    {
      schema: {
        tags,
        summary: 'Add or change my payout bank account',
        description: 'The account name is resolved with the bank through the gateway; a name sent by the client is ignored.',
        body: ZBankAccountRequest,
        response: { 200: envelope(ZBankAccountAnswer) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(10) },
    },
    async (req) =>
      ok(await bankAccounts.saveBankAccount(app.ctx, requireAuth(req).userId, req.body), bankAccounts.BANK_ACCOUNT_MESSAGES.added),
  );

  app.post(
    '/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraw to my bank account: amount (whole naira) + ₦100 fee leave the wallet',
        description:
          'The account password is checked again (wrong ones count toward the login lockout; a locked account answers 423). ' +
          'The answer carries the withdrawal (pending while the bank has not confirmed; ' +
          'failed or reversed when the transfer failed, the total then being back in the wallet) and the wallet balance after it. ' +
          'An Idempotency-Key header makes a repeat answer the first withdrawal (no second debit or payout); ' +
          'the same key with a different amount answers 409 IDEMPOTENCY_CONFLICT.',
        body: ZWithdrawRequest,
        headers: ZIdempotencyHeaders,
        response: { 200: envelope(ZWithdrawAnswer) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(10) },
    },
    async (req) => {
      const { answer, message } = await withdrawals.withdraw(app.ctx, requireAuth(req).userId, req.body, req.headers['idempotency-key']);
      return ok(answer, message);
    },
  );

  app.get(
    '/withdrawals',
    {
      schema: {
        tags,
        summary: 'My withdrawals, newest first',
        querystring: ZPageQuery,
        response: { 200: envelope(ZWithdrawalsPage) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await withdrawals.listWithdrawals(app.ctx, requireAuth(req).userId, req.query)),
  );
};
