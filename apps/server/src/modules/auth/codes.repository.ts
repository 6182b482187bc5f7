/** Statements over one-time codes (email verification, password reset). No rules here: see codes.ts. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { verificationCodes } from '../../db/schema/index.js';

export type CodeRow = typeof verificationCodes.$inferSelect;
export type CodePurpose = CodeRow['purpose'];

/** When the user's latest code of this purpose was made. */
export async function latestCodeAt(db: DbOrTx, userId: string, purpose: CodePurpose): Promise<Date | undefined> {
  const [latest] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return latest?.createdAt;
}

/** Marks every unused code of the purpose consumed. */
export async function consumeUnusedCodes(db: DbOrTx, userId: string, purpose: CodePurpose, at: Date): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: at })
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
}

export async function insertCode(
  db: DbOrTx,
  values: { userId: string; purpose: CodePurpose; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(verificationCodes).values(values);
}

/** The user's newest unused code of the purpose. */
export async function findLiveCode(db: DbOrTx, userId: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
  const [live] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return live;
}

export async function setCodeAttempts(db: DbOrTx, id: string, attempts: number): Promise<void> {
  await db.update(verificationCodes).set({ attempts }).where(eq(verificationCodes.id, id));
}

/** Consumes one code if it is still unused; false when another call consumed it first. */
export async function consumeCodeRow(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const consumed = await db
    .update(verificationCodes)
    .set({ consumedAt: at })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return consumed.length === 1;
}
