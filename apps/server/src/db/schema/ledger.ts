import type { LedgerKind } from '@contesthub/shared';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Double-entry ledger. Two assets: NGN in kobo and CREDIT in hundredths of a vote credit.
 * Journal lines are append-only (a trigger refuses UPDATE and DELETE, see the migration);
 * each account keeps its running balance, updated under a row lock in the same transaction.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable key such as user:<id>:NGN, escrow:contest:<id>:NGN, platform:revenue:NGN. */
    code: text('code').notNull(),
    asset: text('asset', { enum: ['NGN', 'CREDIT'] }).notNull(),
    kind: text('kind').notNull(),
    ownerUserId: uuid('owner_user_id'),
    /** Only boundary accounts (money entering or leaving the platform) may go below zero. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    index('ledger_accounts_owner_idx').on(t.ownerUserId),
    check('ledger_accounts_balance_non_negative', sql`${t.allowNegative} OR ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Idempotency key: a repeat post with the same reference is a no-op. */
    reference: text('reference').notNull(),
    /** One of LEDGER_KINDS (packages/shared/src/ledger-kinds.ts). */
    kind: text('kind').$type<LedgerKind>().notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_transactions_reference_key').on(t.reference), index('ledger_transactions_kind_idx').on(t.kind)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset', { enum: ['NGN', 'CREDIT'] }).notNull(),
    /** Signed: positive raises the account's balance. Lines of a transaction sum to zero per asset. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_non_zero', sql`${t.amount} <> 0`),
  ],
);
