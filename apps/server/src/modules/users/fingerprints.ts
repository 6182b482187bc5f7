/**
 * Account fingerprints (db/schema/users.ts `accountFingerprints`): the phone numbers an account has
 * held and the cards it has paid with, as digests. Written where the value first appears
 * (registration, profile change, a settled card payment), read by the referral rules.
 */
import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { insertFingerprint, shareAnyFingerprint } from './users.repository.js';

export type FingerprintKind = 'phone' | 'card';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** Remembers that this account holds (or held) this phone number or card; a repeat changes nothing. */
export async function recordFingerprint(
  db: DbOrTx,
  userId: string,
  kind: FingerprintKind,
  value: string | null | undefined,
): Promise<void> {
  if (!value) return;
  await insertFingerprint(db, { kind, digest: digest(value), userId });
}

/** True when the two accounts share a phone number or a card, now or in the past. */
export async function shareFingerprint(db: DbOrTx, userA: string, userB: string): Promise<boolean> {
  return shareAnyFingerprint(db, userA, userB);
}
