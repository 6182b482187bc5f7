import {
  ESCROW_FEE_PERCENT,
  formatNaira,
  voteCreditsText,
  type ContestPhase,
  type ContestStatus,
  type TContest,
  type VotingType,
} from '@contesthub/shared';

/** The details dialog also knows the finer phases (spec 001 §4: upcoming, completed). */
export const PHASE_LABELS: Record<ContestPhase, string> = {
  draft: 'Draft',
  upcoming: 'Upcoming',
  entries: 'Accepting entries',
  awaiting_voting: 'Entries closed, voting not started',
  voting: 'Voting',
  ended: 'Completed',
  cancelled: 'Cancelled',
};

export const VOTING_TYPE_LABELS: Record<VotingType, string> = {
  free: 'Free voting',
  paid: 'Paid voting',
  both: 'Free and paid voting',
};

export const votingFeeText = (c: TContest) => (c.votingType === 'free' ? 'Free' : `${voteCreditsText(c.votingFeeAmount)} per vote`);

/** The prize in one line: the badge title, or the cash amount (items are listed separately). */
export function prizeHeadline(c: TContest): string {
  if (c.prizeType === 'badge') return c.badgeTitle ? `${c.badgeTitle} badge` : 'Badge';
  return formatNaira(c.prizeAmount);
}

/** The public page's action for the contest's status: Live, Vote or Results (none for drafts and cancelled). */
export function publicActionLabel(status: ContestStatus): 'Live' | 'Vote' | 'Results' | null {
  if (status === 'active') return 'Live';
  if (status === 'voting') return 'Vote';
  if (status === 'ended') return 'Results';
  return null;
}

/** The lifecycle moves the server allows the organizer from where the contest stands. */
export function allowedMoves(c: Pick<TContest, 'status' | 'phase'>): { close: boolean; end: boolean; cancel: boolean } {
  return {
    // Entries close early only once they have opened (before that, cancel instead).
    close: c.status === 'active' && c.phase === 'entries',
    end: c.status === 'voting',
    cancel: c.status === 'active' || c.status === 'voting',
  };
}

/** Ended and cancelled contests can no longer be edited. */
export const canEdit = (c: Pick<TContest, 'status'>) => c.status !== 'ended' && c.status !== 'cancelled';

/** The winner's share of the cash prize: 95%, as the server pays it (the 5% escrow fee rounded down, spec 001 §9). */
export const winnerShare = (prizeKobo: number) => prizeKobo - Math.floor((prizeKobo * ESCROW_FEE_PERCENT) / 100);
