/** How a contest's status and prize read wherever a contest is shown (browse, My Contests). */
import type { ContestStatus } from '@contesthub/shared';
import type { BadgeTone } from '../../../components/ui/card';

export const CONTEST_STATUS_BADGE: Record<ContestStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'green' },
  voting: { label: 'Voting', tone: 'amber' },
  ended: { label: 'Ended', tone: 'sky' },
  draft: { label: 'Draft', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

/** Prize items shown on a card: the first two, the rest summarised as '+N more' (spec 001 §2). */
export function prizeItemsSummary(items: readonly string[]): { shown: string[]; more: string | null } {
  const shown = items.slice(0, 2);
  return { shown, more: items.length > 2 ? `+${items.length - 2} more` : null };
}
