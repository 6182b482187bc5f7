/** How the contest page's header names the voting set-up and the phase. */
import type { TContest } from '@contesthub/shared';

export function votingConfigLabel(votingType: TContest['votingType']): string {
  return votingType === 'free' ? 'Free Voting' : votingType === 'paid' ? 'Paid Voting' : 'Free + Paid Voting';
}

export const PHASE_LABELS: Record<TContest['phase'], string> = {
  draft: 'Draft',
  upcoming: 'Upcoming',
  entries: 'Entry Period',
  awaiting_voting: 'Awaiting Voting',
  voting: 'Voting',
  ended: 'Ended',
  cancelled: 'Cancelled',
};
