import { formatNaira, formatNumber, type TTransferHistoryItem } from '@contesthub/shared';
import type { BadgeTone } from '../../../components/ui/card';

/** How each history row type is shown (spec 001 §3): Sent red, Received green, Transfer Fee yellow, else Unknown. */
const TYPES: Record<string, { label: string; tone: BadgeTone }> = {
  vote_credit_transfer_sent: { label: 'Sent', tone: 'red' },
  vote_credit_transfer_received: { label: 'Received', tone: 'green' },
  vote_credit_transfer_fee: { label: 'Transfer Fee', tone: 'amber' },
};
const UNKNOWN = { label: 'Unknown', tone: 'neutral' } as const;

export const historyType = (type: string) => TYPES[type] ?? UNKNOWN;

const credits = (n: number) => `${formatNumber(n)} ${n === 1 ? 'credit' : 'credits'}`;

/** The signed figure of a row: credits for sent and received rows, naira for the fee ('−50 credits', '−₦100'). */
export function historyFigure(t: Pick<TTransferHistoryItem, 'voteCredits' | 'amount'>): { text: string; incoming: boolean } {
  const useCredits = t.voteCredits !== 0 || t.amount === 0;
  const value = useCredits ? t.voteCredits : t.amount;
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  const abs = Math.abs(value);
  return { text: `${sign}${useCredits ? credits(abs) : formatNaira(abs)}`, incoming: value > 0 };
}

/** Who was on the other side: 'To Bola Ade' or 'From Chi Eze' (from the row's metadata). */
export function counterparty(t: Pick<TTransferHistoryItem, 'type' | 'metadata'>): string | null {
  if (t.type === 'vote_credit_transfer_received') return t.metadata.senderName ? `From ${t.metadata.senderName}` : null;
  return t.metadata.recipientName ? `To ${t.metadata.recipientName}` : null;
}
