/**
 * Domain words shown wherever a thing is shown: entry types, entry fees, vote-credit amounts and
 * the kinds of ledger movements. One home, so the contest pages, the entry cards, the wallet and the
 * vote-credit history (and the server's mails, later) name a thing the same way.
 */
import type { EntryType } from './enums.js';
import { countOf } from './plural.js';

export const ENTRY_TYPE_LABELS: Record<EntryType, string> = {
  photo: 'Photo',
  video: 'Video',
  audio: 'Audio',
  article: 'Write-up',
};

/** '1 vote credit', '2.5 vote credits'. */
export const voteCreditsText = (n: number) => countOf(n, 'vote credit');

/** '1 credit', '25 credits' (ledger rows and totals, where the asset is already named). */
export const creditsText = (n: number) => countOf(n, 'credit');

/** 'Free', or the fee in vote credits (spec 000 §3: Free or N vote credits). */
export const entryFeeText = (c: { entryFee: 'free' | 'paid'; entryFeeAmount: number }) =>
  c.entryFee === 'paid' && c.entryFeeAmount > 0 ? voteCreditsText(c.entryFeeAmount) : 'Free';

/** What a ledger movement was, in words (kinds written by the contests, entries, votes and referrals modules). */
const LEDGER_KIND_LABELS: Record<string, string> = {
  wallet_deposit: 'Deposit',
  wallet_withdrawal: 'Withdrawal',
  contest_escrow: 'Prize escrow',
  contest_escrow_refund: 'Prize returned',
  contest_payout: 'Prize won',
  contest_badge_fee: 'Badge contest fee',
  contest_badge_fee_refund: 'Badge fee returned',
  entry_fee: 'Entry fee',
  entry_fee_refund: 'Entry fee refund',
  vote: 'Paid vote',
  // Paid votes, and in the vote-credit history also entry fees (the server files both as spending).
  vote_spend: 'Credits spent',
  vote_refund: 'Vote refund',
  referral_bonus: 'Referral bonus',
  vote_credit_purchase: 'Credit purchase',
  vote_credit_transfer: 'Credit transfer',
  vote_credit_transfer_sent: 'Credits sent',
  vote_credit_transfer_received: 'Credits received',
  vote_credit_transfer_fee: 'Transfer fee',
  withdrawal: 'Withdrawal',
  withdrawal_reversal: 'Withdrawal refunded',
};

/** A label for any ledger kind: the known ones by name, others from their words ('gift_card' → 'Gift card'). */
export function ledgerKindLabel(kind: string): string {
  const known = LEDGER_KIND_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Transaction';
}
