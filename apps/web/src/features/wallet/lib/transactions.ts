import { formatNaira, formatNumber, type TWalletTransaction } from '@contesthub/shared';

/** What a ledger movement was, in words (kinds written by the contests, entries, votes and referrals modules). */
const KIND_LABELS: Record<string, string> = {
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

/** A label for any kind: the known ones by name, others from their words ('gift_card' → 'Gift card'). */
export function kindLabel(kind: string): string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Transaction';
}

/** Signed amount in the asset's unit: '+₦2,850' or '−25 credits'. */
export function signedAmount(t: Pick<TWalletTransaction, 'asset' | 'direction' | 'amount'>): string {
  const sign = t.direction === 'credit' ? '+' : '−';
  return t.asset === 'NGN' ? `${sign}${formatNaira(t.amount)}` : `${sign}${formatCredits(t.amount)}`;
}

export const formatCredits = (credits: number) => `${formatNumber(credits)} ${credits === 1 ? 'credit' : 'credits'}`;
