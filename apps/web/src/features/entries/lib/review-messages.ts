import { REVIEW_RESULT_MESSAGES } from '@contesthub/shared';

/** Entry review texts (spec 001 §8), verbatim. */
export const REVIEW_MESSAGES = {
  fetchFailed: 'Failed to fetch entries',
  approveFailed: 'Failed to approve entry',
  rejectFailed: 'Failed to reject entry',
  bulkApproveFailed: 'Failed to approve entries',
  bulkRejectFailed: 'Failed to reject entries',
  selectToApprove: 'Please select entries to approve',
  selectToReject: 'Please select entries to reject',
  reasonRequired: 'Please provide a reason for rejection',
  ...REVIEW_RESULT_MESSAGES,
} as const;

/** A note for entries a bulk decision left alone (no longer pending when it ran). */
export const skippedNote = (n: number) =>
  n > 0 ? `${n} ${n === 1 ? 'entry was' : 'entries were'} skipped because ${n === 1 ? 'it is' : 'they are'} no longer pending.` : undefined;
