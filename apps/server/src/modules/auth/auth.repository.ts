/**
 * Statements of auth over the user row (the login lockout counter, the second factor) and over the
 * backup codes. Plain reads and writes of a user row are in users/users.repository.ts. No rules here.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { backupCodes, users } from '../../db/schema/index.js';

/**
 * Counts one more failed login; when the count reaches `lockAt`, the account is locked until
 * `lockUntil`. Answers the new count and lock.
 */
export async function countFailedLogin(
  db: DbOrTx,
  userId: string,
  lockAt: number,
  lockUntil: Date,
): Promise<{ failed: number; lockedUntil: Date | null } | undefined> {
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`${users.failedLoginCount} + 1`,
      lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${lockAt} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failed: users.failedLoginCount, lockedUntil: users.lockedUntil });
  return row;
}

/** Whether the user has 2FA on. */
export async function twoFactorEnabled(db: DbOrTx, userId: string): Promise<boolean | undefined> {
  const [row] = await db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return row?.enabled;
}

/** Records `step` as the last accepted TOTP step if it is newer than the last one; false otherwise. */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return claimed.length === 1;
}

export async function unusedBackupCodes(db: DbOrTx, userId: string): Promise<number> {
  const [{ remaining }] = (await db
    .select({ remaining: sql<number>`count(*)::int` })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)))) as [{ remaining: number }];
  return remaining;
}

export async function deleteBackupCodes(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
}

export async function insertBackupCodes(db: DbOrTx, userId: string, codeHashes: string[]): Promise<void> {
  await db.insert(backupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks the user's unused backup code with this hash used; false when there is none. */
export async function useBackupCode(db: DbOrTx, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const used = await db
    .update(backupCodes)
    .set({ usedAt: at })
    .where(and(eq(backupCodes.userId, userId), eq(backupCodes.codeHash, codeHash), isNull(backupCodes.usedAt)))
    .returning({ id: backupCodes.id });
  return used.length === 1;
}
