/** The spec's words for every contest answer and refusal. */
import { BADGE_CONTEST_CREDIT_COST, FREE_TIER_CONTESTS_PER_MONTH, formatNaira } from '@contesthub/shared';
import { AppError } from '../../lib/errors.js';

export const CONTEST_MESSAGES = {
  created: 'Contest created successfully! Your contest is now live.',
  updated: 'Your contest has been updated successfully!',
  deleted: 'Contest deleted successfully',
  tierLimit: `You have reached your limit of ${FREE_TIER_CONTESTS_PER_MONTH} contests this month. Upgrade to Premium for unlimited contests.`,
  badgeCredits: `Insufficient vote credits. You need ${BADGE_CONTEST_CREDIT_COST} vote credits to create a badge contest.`,
  wallet: (kobo: number) => `Insufficient wallet balance. You need ${formatNaira(kobo)} in your wallet to fund this prize.`,
  entryEndPast: 'Entry end date must be in the future',
  hasEntries: 'Cannot delete a contest that already has entries',
  notOwner: 'You can only manage your own contests',
  ended: 'This contest has already ended',
  cancelled: 'This contest has been cancelled',
  endedNoEdit: 'This contest has ended and can no longer be edited',
  cancelledNoEdit: 'This contest has been cancelled and can no longer be edited',
  startLocked: 'The entry start date cannot be changed after entries have opened',
  entryEndLocked: 'Entries have closed, so the entry end date can no longer be changed',
  votingStartLocked: 'Voting has started, so the voting start date can no longer be changed',
  votingStartPast: 'Voting start date cannot be in the past',
  votingEndPast: 'Voting end date must be in the future',
  maxBelowEntries: (n: number) => `Max participants cannot be below the number of entries already received (${n})`,
  customCategory: 'Please enter a custom category',
  closed: 'Entries are closed and voting is now open.',
  endedNow: 'The contest has ended and its results are final.',
  cancelledNow: 'The contest has been cancelled and every payment refunded.',
  alreadyVoting: 'Entries are already closed for this contest',
  notOpenedYet: 'Entries have not opened yet. Cancel the contest instead if it should not go ahead.',
  votingOver: 'Voting for this contest has already ended',
  closeFirst: 'Close entries (move the contest to voting) before ending it',
  draftStatus: 'A draft contest cannot change status this way',
  organizerNotFound: 'Organizer not found',
} as const;

/** A refusal of one field (400 with `errors[field]`). */
export const fieldError = (field: string, message: string) => AppError.badRequest(message, { errors: { [field]: message } });
