import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Payments through the gateway (issue 5). A row is written BEFORE the gateway is called, with our
 * own reference, so a retry after an inconclusive answer reuses the same reference. A row is not
 * money: the money moves only in the ledger, keyed by `<purpose>:<reference>` (e.g.
 * `deposit:dep-…`), in the same DB transaction that sets `credited_at`.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Ours, e.g. `dep-<uuid without dashes>` (Paystack references allow letters, digits, `-`, `.`, `=`). */
    reference: text('reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    purpose: text('purpose', { enum: ['deposit', 'credits', 'subscription'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'success', 'failed', 'abandoned'] })
      .notNull()
      .default('pending'),
    gateway: text('gateway', { enum: ['sandbox', 'paystack'] }).notNull(),
    /** The gateway's own words about the outcome (e.g. 'Successful', 'Declined'). */
    gatewayResponse: text('gateway_response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the gateway last gave a final answer (success, failed, abandoned) for this payment. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** When the value was given (ledger posted); set exactly once, in the posting's transaction. */
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.reference),
    index('payments_user_idx').on(t.userId, t.createdAt),
    check('payments_amount_positive', sql`${t.amountKobo} > 0`),
    check('payments_credited_only_on_success', sql`${t.creditedAt} IS NULL OR ${t.status} = 'success'`),
  ],
);

/**
 * The built-in sandbox gateway's own records (its checkouts and transfers), keyed by reference:
 * the DB-backed SandboxStore (modules/payments/sandbox-store.ts). Kept apart from `payments`
 * on purpose: this table plays the part of Paystack's books, `payments` is ours, so verify
 * compares two independent records exactly as it does against Paystack.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  reference: text('reference').primaryKey(),
  record: jsonb('record').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
