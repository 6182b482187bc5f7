/**
 * Every kind of ledger transaction, in one list (the server's chart of accounts sits beside it in
 * apps/server/src/modules/ledger/accounts.ts). `post()` takes only these, the wallet's transaction
 * list reports them, and its `type` filter accepts them.
 */
export const LEDGER_KINDS = [
  // naira through the gateway
  'wallet_deposit',
  'withdrawal',
  'withdrawal_reversal',
  // vote credits
  'vote_credit_purchase',
  'vote_credit_transfer',
  'vote_spend',
  'vote_refund',
  'entry_fee',
  'entry_fee_refund',
  'referral_bonus',
  'promotional_credit',
  // contests
  'contest_escrow',
  'contest_escrow_refund',
  'contest_badge_fee',
  'contest_badge_fee_refund',
  'contest_entry_fees',
  'contest_payout',
  // subscriptions
  'subscription_payment',
  'subscription_extension',
  'subscription_payment_to_wallet',
  // the demo data's own funding (decision 009)
  'demo_funding',
] as const;

export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * What "credits used" counts, wherever it is shown (the wallet's Overview and Buy Credits tabs):
 * credits spent on paid votes and entry fees, less what their refunds gave back. Transfers to
 * another member move credits but do not use them.
 */
export const CREDIT_USE_KINDS = {
  spend: ['vote_spend', 'entry_fee'],
  refund: ['vote_refund', 'entry_fee_refund'],
} as const satisfies Record<string, readonly LedgerKind[]>;
