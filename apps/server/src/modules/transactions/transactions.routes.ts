import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZTransactionStats,
  ZTransactionStatsQuery,
  ZVoteCreditTransactionsPage,
  ZVoteCreditTransactionsQuery,
  ZWalletTransactionsPage,
  ZWalletTransactionsQuery,
} from '@contesthub/shared';
import { envelope, ok } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import { listCreditTransactions } from '../vote-credits/vote-credits.service.js';
import { listTransactions } from '../wallet/wallet.service.js';
import { transactionStats } from './transactions.service.js';

const tags = ['transactions'];

/** /api/transactions: the caller's movements (the wallet's list), their vote-credit history and flows in a date range. */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'My naira and vote-credit movements, newest first (the same list as GET /api/wallet/transactions)',
        description:
          'Filters: asset (NGN or CREDIT), direction (credit: money in, debit: money out), type (the ledger kind), ' +
          'startDate and endDate (ISO date-times, inclusive). Amounts are positive: kobo for NGN, credits for CREDIT.',
        querystring: ZWalletTransactionsQuery,
        response: { 200: envelope(ZWalletTransactionsPage) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await listTransactions(app.ctx, requireAuth(req).userId, req.query)),
  );

  app.get(
    '/vote-credits',
    {
      schema: {
        tags,
        summary: 'My vote-credit history (the same list as GET /api/vote-credits/transactions)',
        querystring: ZVoteCreditTransactionsQuery,
        response: { 200: envelope(ZVoteCreditTransactionsPage) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await listCreditTransactions(app.ctx, requireAuth(req).userId, req.query)),
  );

  app.get(
    '/stats',
    {
      schema: {
        tags,
        summary: 'My money and credits in and out in a date range, per asset and per ledger kind',
        description:
          'startDate and endDate are ISO date-times, both inclusive and both optional (all time when absent). ' +
          'Naira in kobo, credits in credits; byType totals are signed (in minus out).',
        querystring: ZTransactionStatsQuery,
        response: { 200: envelope(ZTransactionStats) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await transactionStats(app.ctx, requireAuth(req).userId, req.query)),
  );
};
