/**
 * Account fingerprints (db/schema/users.ts `accountFingerprints`): the phone numbers an account has
 * held and the cards it has paid with, as digests. Written where the value first appears
 * (registration, profile change, a settled card payment), read by the referral rules.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { accountFingerprints } from '../../db/schema/index.js';

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
  await db
    .insert(accountFingerprints)
    .values({ kind, digest: digest(value), userId })
    .onConflictDoNothing();
}

/** True when the two accounts share a phone number or a card, now or in the past. */
export async function shareFingerprint(db: DbOrTx, userA: string, userB: string): Promise<boolean> {
  const rows = await queryRows<{ shared: boolean }>(
    db,
    sql`select exists (
          select 1 from ${accountFingerprints} a
          join ${accountFingerprints} b on b.kind = a.kind and b.digest = a.digest
          where a.user_id = ${userA} and b.user_id = ${userB}
        ) as shared`,
  );
  return rows[0]?.shared === true;
}
