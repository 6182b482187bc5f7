import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * pending → success (credited) | failed | abandoned (both may still turn into success: Paystack lets the
     * payer retry in the same checkout) | mismatched (paid, but not our amount or currency: final, never
     * value, needs a person to refund it).
     */
    status: text('status', { enum: ['pending', 'success', 'failed', 'abandoned', 'mismatched'] })
      .notNull()
      .default('pending'),
    gateway: text('gateway', { enum: ['sandbox', 'paystack'] }).notNull(),
    /**
     * What the payment buys, fixed when it starts (credits: {package, credits, quote}; subscription:
     * {tier, duration, subscriptionId}): the value given on verification is read from here, never from the client.
     */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** The gateway's own words about the outcome (e.g. 'Successful', 'Declined'). */
    gatewayResponse: text('gateway_response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the gateway last gave a final answer (success, failed, abandoned) for this payment. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** When the value was given (ledger posted); set exactly once, in the posting's transaction. */
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** When we last asked the gateway about it (the sweep asks the least recently checked first, backing off). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** The card that paid (Paystack `authorization`): its signature (the same card, whoever pays), BIN, last 4, bank. */
    cardSignature: text('card_signature'),
    cardBin: text('card_bin'),
    cardLast4: text('card_last4'),
    cardBank: text('card_bank'),
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

/**
 * The payout account of a user's wallet (one per user). The account name is the one the gateway
 * resolved for the number and bank, never typed by the user. `recipientCode` is the gateway's
 * transfer recipient, created on the first withdrawal to this account and reused after.
 */
export const bankAccounts = pgTable('bank_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  bankCode: text('bank_code').notNull(),
  bankName: text('bank_name').notNull(),
  accountNumber: text('account_number').notNull(),
  accountName: text('account_name').notNull(),
  recipientCode: text('recipient_code'),
  gateway: text('gateway', { enum: ['sandbox', 'paystack'] }).notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Withdrawals to a bank account. The row (with our reference) and the ledger debit of amount + fee are
 * written in ONE transaction BEFORE the gateway's transfer is called; an inconclusive call is retried
 * with the same reference; a failed or reversed transfer is given back by a reversing ledger posting
 * in the transaction that sets the final status. The bank details are copied: the payout went there.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Ours, `wdr-<uuid without dashes>` (Paystack transfer references: lowercase letters, digits, `-`, `_`). */
    reference: text('reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    feeKobo: bigint('fee_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'success', 'failed', 'reversed'] })
      .notNull()
      .default('pending'),
    gateway: text('gateway', { enum: ['sandbox', 'paystack'] }).notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    recipientCode: text('recipient_code'),
    transferCode: text('transfer_code'),
    failureReason: text('failure_reason'),
    /** Transfer calls made (first try and retries of an inconclusive one). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the final status (success, failed, reversed) was recorded. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Set when a pending withdrawal is held for a person (its owner was banned): no transfer call is made until staff retry or fail it. */
    heldAt: timestamp('held_at', { withTimezone: true }),
    holdReason: text('hold_reason'),
    /** The gateway's last refusal that left the withdrawal pending (a refused retry): it needs a person. */
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawals_reference_key').on(t.reference),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('withdrawals_amount_positive', sql`${t.amountKobo} > 0 AND ${t.feeKobo} >= 0`),
  ],
);

/**
 * Paid subscriptions. At most one running (active or cancelled-but-not-ended) per user, enforced by a
 * partial unique index, so two concurrent purchases cannot both start one. users.subscription_tier and
 * subscription_expires_at mirror the running one (set in the same transaction) for the code that
 * reads the tier.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    tier: text('tier', { enum: ['basic_premium', 'professional'] }).notNull(),
    /** monthly | yearly (paid), or trial: the free 7-day trial (payment_method none, amount 0). */
    duration: text('duration', { enum: ['monthly', 'yearly', 'trial'] }).notNull(),
    status: text('status', { enum: ['pending', 'active', 'cancelled', 'expired', 'failed', 'replaced'] })
      .notNull()
      .default('pending'),
    paymentMethod: text('payment_method', { enum: ['paystack', 'wallet', 'none'] }).notNull(),
    /** Kobo paid so far (first period plus extensions); 0 for the trial, which nothing pays for. */
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The card payment's reference (payments.reference), the wallet payment's ledger reference, or `trial:<userId>`. */
    paymentReference: text('payment_reference').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_payment_reference_key').on(t.paymentReference),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscriptions_one_running_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'cancelled')`),
    index('subscriptions_end_idx')
      .on(t.endDate)
      .where(sql`${t.status} in ('active', 'cancelled')`),
    // Paid: a positive amount. The trial (and only the trial) is paid by nothing: amount 0.
    check(
      'subscriptions_amount_positive',
      sql`(${t.paymentMethod} <> 'none' AND ${t.amountKobo} > 0) OR (${t.paymentMethod} = 'none' AND ${t.amountKobo} = 0)`,
    ),
    check('subscriptions_trial_unpaid', sql`(${t.duration} = 'trial') = (${t.paymentMethod} = 'none')`),
  ],
);

/**
 * Who has had the free trial: one row per identifier of a person (their normalised phone number, their
 * email), as a SHA-256 digest of `<kind>:<value>`, written in the transaction that grants the trial.
 * A person whose email or phone is found here gets no second trial, whichever account they verify.
 * Kept when the account goes (user_id set null): the person has still had their trial.
 */
export const subscriptionTrialClaims = pgTable('subscription_trial_claims', {
  digest: text('digest').primaryKey(),
  kind: text('kind', { enum: ['email', 'phone'] }).notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});
