/**
 * Statements over the `users` table and the account fingerprints. Other modules that keep state on
 * the user row (auth's lockout and second factor, referrals) have their own repositories for those
 * statements; the plain reads and writes of a user row are here. No rules here.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { accountFingerprints, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
/** Columns a service may set on a user row. */
export type UserUpdate = Partial<Omit<NewUserRow, 'id' | 'createdAt'>>;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The account behind an email, as stored (emails are stored lower-case: the caller lower-cases). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The id of the account holding `phone`, other than `exceptUserId` when given. */
export async function findUserIdByPhone(db: DbOrTx, phone: string, exceptUserId?: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  return row?.id;
}

/** Whether a username is taken (case-insensitive; `candidate` is lower-case). */
export async function usernameTaken(db: DbOrTx, candidate: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${candidate}`);
  return !!taken;
}

export async function referralCodeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
  return !!taken;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, set: UserUpdate): Promise<void> {
  await db.update(users).set(set).where(eq(users.id, id));
}

/** A user's name and email (for mails about them). */
export async function findUserContact(db: DbOrTx, id: string): Promise<{ email: string; fullName: string } | undefined> {
  const [row] = await db.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, id));
  return row;
}

/** Full names by user id (notifications name who did something). */
export async function userNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.fullName]));
}

/** The user's current picture, the row locked until the end of the transaction; undefined for no such user. */
export async function lockProfilePicture(tx: Tx, id: string): Promise<{ profilePicture: string | null } | undefined> {
  const [row] = await tx.select({ profilePicture: users.profilePicture }).from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

// ---------- account fingerprints ----------

/** Remembers a digest for the user; a repeat changes nothing. */
export async function insertFingerprint(db: DbOrTx, values: { kind: 'phone' | 'card'; digest: string; userId: string }): Promise<void> {
  await db.insert(accountFingerprints).values(values).onConflictDoNothing();
}

/** True when the two accounts share a fingerprint of the same kind, now or in the past. */
export async function shareAnyFingerprint(db: DbOrTx, userA: string, userB: string): Promise<boolean> {
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
