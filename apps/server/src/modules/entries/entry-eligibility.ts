/**
 * Who may enter a contest: the phase, not the organizer, the entry type, profile completion, the
 * contest's age, state and gender restrictions, one entry per person unless allowed, the
 * participant limit, and the fee. The upload tier and whether an entry waits for review.
 */
import { ENTERED_STATUSES, PROFILE_COMPLETION_MIN_TO_ENTER, ageOn, profileCompletion, type EntryType } from '@contesthub/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { assertAcceptingEntries } from '../contests/phase.js';
import { isPremium } from '../subscriptions/benefits.js';
import type { UserRow } from '../users/users.service.js';
import { ENTRY_MESSAGES } from './entries.messages.js';
import { hasEntryIn, participantsOf, type ContestRestrictions, type ContestRow } from './entries.repository.js';
import { assertCanPay } from './entry-fees.js';
import type { UploadTier } from './entry-media.js';

/** Premium uploads: a paid tier that has not expired, or an admin. */
export function uploadTier(user: UserRow, at: Date): UploadTier {
  return isPremium(user, at) ? 'premium' : 'free';
}

export function completionOf(user: UserRow): number {
  return profileCompletion({
    fullName: user.fullName,
    email: user.email,
    phone: user.phone,
    profilePicture: user.profilePicture,
    bio: user.bio,
    dateOfBirth: user.dateOfBirth,
    gender: user.gender,
    state: user.locationState,
    city: user.locationCity,
  });
}

function requirementsRefusal(detail: string, requirement: 'age' | 'location' | 'gender'): AppError {
  // The client shows a 'Contest Requirements' toast for a 403 whose message mentions them.
  return AppError.forbidden(`You do not meet the contest requirements: ${detail}`, 'FORBIDDEN', { requirement });
}

/** Age (from dateOfBirth), state and gender restrictions of the contest. */
export function assertMeetsRestrictions(r: ContestRestrictions, user: UserRow, at: Date): void {
  const minAge = r.minAge ?? null;
  const maxAge = r.maxAge ?? null;
  if (r.ageRestriction && (minAge !== null || maxAge !== null)) {
    const range =
      minAge !== null && maxAge !== null
        ? `ages ${minAge} to ${maxAge}`
        : minAge !== null
          ? `ages ${minAge} and over`
          : `ages up to ${maxAge}`;
    if (!user.dateOfBirth) throw requirementsRefusal(`this contest is for ${range}. Add your date of birth to your profile.`, 'age');
    const age = ageOn(user.dateOfBirth, at);
    if ((minAge !== null && age < minAge) || (maxAge !== null && age > maxAge))
      throw requirementsRefusal(`this contest is for ${range}`, 'age');
  }
  const states = r.allowedLocations ?? [];
  if (r.locationRestriction && states.length > 0) {
    const mine = user.locationState?.trim().toLowerCase();
    if (!mine || !states.some((s) => s.toLowerCase() === mine)) {
      throw requirementsRefusal(
        `this contest is open to entrants from ${states.join(', ')}${mine ? '' : '. Add your state to your profile.'}`,
        'location',
      );
    }
  }
  const genders = r.allowedGenders ?? [];
  if (r.genderRestriction && genders.length > 0 && (!user.gender || !genders.includes(user.gender))) {
    throw requirementsRefusal(`this contest is open to ${genders.join(' and ')} entrants only`, 'gender');
  }
}

export const feeUnits = (contest: ContestRow) => (contest.entryFee === 'paid' ? contest.entryFeeAmount : 0);

/**
 * Every rule a submission must pass, in the order a participant would fix them. Run once before
 * any file is stored (a quick refusal), then again inside the transaction under the contest's row
 * lock, where the duplicate and participant-limit checks are authoritative.
 */
export async function assertEligible(
  db: DbOrTx,
  user: UserRow,
  contest: ContestRow,
  entryType: EntryType | undefined,
  at: Date,
): Promise<void> {
  assertAcceptingEntries(contest, at);
  if (contest.organizerId === user.id) throw AppError.forbidden(ENTRY_MESSAGES.ownContest);
  if (entryType && entryType !== contest.entryType) {
    const message = ENTRY_MESSAGES.wrongType(contest.entryType);
    throw AppError.badRequest(message, { errors: { entryType: message }, contestEntryType: contest.entryType });
  }
  const completion = completionOf(user);
  if (completion < PROFILE_COMPLETION_MIN_TO_ENTER) {
    throw AppError.forbidden(ENTRY_MESSAGES.profileIncomplete, 'FORBIDDEN', {
      profileCompletion: completion,
      requiredCompletion: PROFILE_COMPLETION_MIN_TO_ENTER,
    });
  }
  assertMeetsRestrictions(contest.restrictions, user, at);
  if (!contest.settings.allowMultipleEntries) {
    if (await hasEntryIn(db, contest.id, user.id, ENTERED_STATUSES)) {
      throw AppError.conflict(ENTRY_MESSAGES.alreadyEntered);
    }
  }
  if (contest.maxParticipants !== null) {
    const participants = await participantsOf(db, contest.id, user.id);
    if (!participants.includesUser && participants.count >= contest.maxParticipants) throw AppError.conflict(ENTRY_MESSAGES.contestFull);
  }
  await assertCanPay(db, user.id, feeUnits(contest));
}

/** Whether new entries wait for the organizer: review mode, or the requireApproval setting. */
export const needsApproval = (contest: ContestRow) => contest.entryReview === 'review' || contest.settings.requireApproval === true;
