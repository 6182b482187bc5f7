/**
 * Where a contest stands at a given moment. The scheduler moves `status` along the dates, but
 * every rule checks the dates at request time too, so a late tick never lets an entry or a vote
 * through outside its window.
 */
import { AppError } from '../../lib/errors.js';

export interface PhaseInput {
  status: 'draft' | 'active' | 'voting' | 'ended' | 'cancelled';
  entryStartDate: Date;
  entryEndDate: Date;
  votingStartDate: Date;
  votingEndDate: Date;
}

export type Phase = 'draft' | 'upcoming' | 'entries' | 'awaiting_voting' | 'voting' | 'ended' | 'cancelled';

export function phaseAt(c: PhaseInput, now: Date): Phase {
  if (c.status === 'draft') return 'draft';
  if (c.status === 'cancelled') return 'cancelled';
  if (c.status === 'ended' || now >= c.votingEndDate) return 'ended';
  if (now >= c.votingStartDate) return 'voting';
  // The organizer may close entries early (status voting before the entry end date).
  if (c.status === 'voting' || now >= c.entryEndDate) return 'awaiting_voting';
  if (now >= c.entryStartDate) return 'entries';
  return 'upcoming';
}

/** The status the dates call for (what the scheduler writes); ended/cancelled/draft stay. */
export function statusForDates(c: PhaseInput, now: Date): PhaseInput['status'] {
  if (c.status === 'draft' || c.status === 'cancelled' || c.status === 'ended') return c.status;
  if (now >= c.votingEndDate) return 'ended';
  if (c.status === 'voting' || now >= c.entryEndDate) return 'voting';
  return 'active';
}

export const isAcceptingEntries = (c: PhaseInput, now: Date) => phaseAt(c, now) === 'entries';
export const isVotingOpen = (c: PhaseInput, now: Date) => phaseAt(c, now) === 'voting';

export function assertAcceptingEntries(c: PhaseInput, now: Date): void {
  const phase = phaseAt(c, now);
  if (phase === 'entries') return;
  const message =
    phase === 'upcoming'
      ? 'This contest is not accepting entries yet'
      : phase === 'cancelled'
        ? 'This contest has been cancelled'
        : 'The entry period for this contest has ended';
  throw new AppError(400, message, 'CONFLICT');
}

/** Why a vote at `now` is refused by the contest's phase (its spec words), or null while voting is open. */
export function votingClosedError(c: PhaseInput, now: Date): AppError | null {
  const phase = phaseAt(c, now);
  if (phase === 'voting') return null;
  const message =
    phase === 'ended'
      ? 'Voting for this contest has ended'
      : phase === 'cancelled'
        ? 'This contest has been cancelled'
        : 'Voting for this contest has not started yet';
  return new AppError(400, message, 'CONFLICT');
}

export function assertVotingOpen(c: PhaseInput, now: Date): void {
  const refusal = votingClosedError(c, now);
  if (refusal) throw refusal;
}
