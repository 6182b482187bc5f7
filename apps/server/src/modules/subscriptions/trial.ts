/**
 * The free trial (spec 000 §1 and the pricing FAQ: "New users get a 7-day free trial of Basic
 * Premium"): granted once per person when they verify their email address (the user.email_verified
 * event, trial.subscriber.ts), no card and no payment; it ends by itself at its end date (the
 * subscription-expiry job, like any subscription), and the person is back on the Free plan.
 *
 * - The trial is a subscription row like a paid one (status active, so the one-running rule, the tier
 *   mirror, the expiry job and GET /subscriptions/current all treat it alike), with duration `trial`,
 *   payment method `none` and amount 0 (database checks tie the three together). No money moves, so
 *   there is no ledger posting.
 * - One trial per person. A person is known by each of their identifiers: the account's email address
 *   (stored lower-cased and trimmed) and its phone number (normalised to +234 and the 10 national digits,
 *   so 0803…, 234803… and +234 803… are one number). When the trial is granted, each identifier's digest
 *   is written to subscription_trial_claims; an account with an identifier already there gets no trial,
 *   so a new account with the phone of an account that had the trial gets none. An email alias
 *   (name+tag@, dots in a Gmail name) counts as another address: we do not guess which addresses share
 *   one mailbox. The digests outlive the account.
 * - An account that already has a running subscription when it verifies gets no trial (and claims none).
 * - During the trial: buying any plan starts it at once and ends the trial (it becomes 'replaced'; it
 *   is worth nothing, so nothing is credited); it cannot be extended or cancelled.
 */
import { createHash } from 'node:crypto';
import { normalizeNigerianPhone, TRIAL_DAYS, TRIAL_TIER } from '@contesthub/shared';
import type { Tx } from '../../db/client.js';
import { expireEnded, setTier } from './subscription-changes.js';
import * as repo from './subscriptions.repository.js';
import type { SubscriptionRow, TrialClaim, UserRow } from './subscriptions.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Our words (the spec gives none for these refusals). */
export const SUBSCRIPTION_TRIAL_MESSAGES = {
  notExtendable: 'Your free trial cannot be extended. Choose a plan below to subscribe; it starts at once and ends the trial.',
  notCancellable: 'Your free trial ends by itself on its end date, so there is nothing to cancel.',
} as const;

/** The free trial's subscription row (not a paid one). */
export const isTrial = (row: Pick<SubscriptionRow, 'duration'>): boolean => row.duration === 'trial';

/** The trial's reference (subscriptions.payment_reference is unique: one trial per account). */
export const trialReference = (userId: string) => `trial:${userId}`;

const digest = (kind: TrialClaim['kind'], value: string) => createHash('sha256').update(`${kind}:${value}`, 'utf8').digest('hex');

/** The identifiers that make a person, as the digests the claims table holds. */
export function personIdentifiers(user: Pick<UserRow, 'email' | 'phone'>): Array<Pick<TrialClaim, 'kind' | 'digest'>> {
  const ids: Array<Pick<TrialClaim, 'kind' | 'digest'>> = [{ kind: 'email', digest: digest('email', user.email.trim().toLowerCase()) }];
  if (user.phone) ids.push({ kind: 'phone', digest: digest('phone', normalizeNigerianPhone(user.phone)) });
  return ids;
}

export type TrialOutcome = 'granted' | 'already_had' | 'subscribed' | 'no_user';

/**
 * Grants the trial to the user at `at`, in the caller's transaction (the dispatcher's, once per
 * event), unless the person had one or a subscription already runs. Two accounts of one person
 * verifying at the same moment: the second insert of a claim fails its transaction, and on the
 * dispatcher's retry that account finds the claim and gets no trial.
 */
export async function grantTrial(tx: Tx, userId: string, at: Date): Promise<TrialOutcome> {
  const user = await repo.lockUser(tx, userId);
  if (!user) return 'no_user';
  await expireEnded(tx, userId, at);
  if (await repo.findRunning(tx, userId)) return 'subscribed';
  const ids = personIdentifiers(user);
  if (
    (
      await repo.claimedTrialDigests(
        tx,
        ids.map((i) => i.digest),
      )
    ).length > 0
  )
    return 'already_had';

  const endDate = new Date(at.getTime() + TRIAL_DAYS * DAY_MS);
  const row = await repo.insertSubscription(tx, {
    userId,
    tier: TRIAL_TIER,
    duration: 'trial',
    status: 'active',
    paymentMethod: 'none',
    amountKobo: 0,
    paymentReference: trialReference(userId),
    startDate: at,
    endDate,
    createdAt: at,
    updatedAt: at,
  });
  await repo.insertTrialClaims(
    tx,
    ids.map((i) => ({ ...i, userId, claimedAt: at })),
  );
  await setTier(tx, userId, row.tier, endDate, at, 'started');
  return 'granted';
}
