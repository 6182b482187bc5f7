/** How a contest's status, fee and prize read wherever a contest is shown (browse, My Contests, My Entries). */
import { formatNumber, type ContestStatus, type TContest } from '@contesthub/shared';
import type { BadgeTone } from '../../../components/ui/card';

export const CONTEST_STATUS_BADGE: Record<ContestStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'green' },
  voting: { label: 'Voting', tone: 'amber' },
  ended: { label: 'Ended', tone: 'sky' },
  draft: { label: 'Draft', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

/** '1 vote credit', '2.5 vote credits'. */
export const voteCreditsText = (n: number) => `${formatNumber(n)} vote credit${n === 1 ? '' : 's'}`;

/** 'Free', or the fee in vote credits (spec 000 §3: Free or N vote credits). */
export const entryFeeText = (c: Pick<TContest, 'entryFee' | 'entryFeeAmount'>) =>
  c.entryFee === 'paid' && c.entryFeeAmount > 0 ? voteCreditsText(c.entryFeeAmount) : 'Free';

/** Prize items shown on a card: the first two, the rest summarised as '+N more' (spec 001 §2). */
export function prizeItemsSummary(items: readonly string[]): { shown: string[]; more: string | null } {
  const shown = items.slice(0, 2);
  return { shown, more: items.length > 2 ? `+${items.length - 2} more` : null };
}
