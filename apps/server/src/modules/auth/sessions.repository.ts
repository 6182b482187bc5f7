/** Statements over sessions and their refresh tokens. No rules here: see sessions.ts and login.ts. */
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

export async function insertSession(db: DbOrTx, values: NewSession): Promise<string> {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row!.id;
}

export async function insertRefreshToken(db: DbOrTx, values: { tokenHash: string; sessionId: string; createdAt: Date }): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** A refresh token by its hash, with its session. */
export async function findRefreshToken(db: DbOrTx, tokenHash: string): Promise<{ session: SessionRow; usedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ session: sessions, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks an unused refresh token used; false when it was used already (or by a racing call). */
export async function claimRefreshToken(db: DbOrTx, tokenHash: string, at: Date): Promise<boolean> {
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return claimed.length > 0;
}

export async function touchSession(db: DbOrTx, sessionId: string, at: Date, expiresAt?: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastActivityAt: at, ...(expiresAt ? { expiresAt } : {}) })
    .where(eq(sessions.id, sessionId));
}

/** Revokes one session if it is still live. */
export async function revokeSessionRow(db: DbOrTx, sessionId: string, at: Date, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes one of the user's live sessions; false when there is no such live session of theirs. */
export async function revokeOwnSessionRow(db: DbOrTx, userId: string, sessionId: string, at: Date, reason: string): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/** Revokes every live session of a user, optionally sparing one. */
export async function revokeUserSessions(db: DbOrTx, userId: string, at: Date, reason: string, except?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined));
}

/** The user's sessions neither revoked nor expired at `at`, most recently active first. */
export async function liveSessions(db: DbOrTx, userId: string, at: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)))
    .orderBy(desc(sessions.lastActivityAt));
}

/** Whether the user has a session (any, even ended) opened with exactly this user agent. */
export async function hasSessionWithUserAgent(db: DbOrTx, userId: string, userAgent: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.userAgent, userAgent)))
    .limit(1);
  return !!row;
}

/**
 * The request guard's look-up, as a named prepared statement (parsed and planned once per database
 * connection, then only bound and executed: every authenticated request runs it), kept per database
 * handle.
 */
const liveSessionStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareLiveSession>>();

function prepareLiveSession(db: DbOrTx) {
  return db
    .select({
      sessionId: sessions.id,
      lastActivityAt: sessions.lastActivityAt,
      userId: users.id,
      role: users.role,
      status: users.status,
      isActive: users.isActive,
      banReason: users.banReason,
      isVerified: users.isVerified,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('at')),
      ),
    )
    .prepare('live_session');
}

/** A live session of the user named by an access token, with what the request guard needs of the user. */
export async function findLiveSessionOf(db: DbOrTx, sessionId: string, userId: string, at: Date) {
  let statement = liveSessionStatements.get(db);
  if (!statement) {
    statement = prepareLiveSession(db);
    liveSessionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ sessionId, userId, at: at.toISOString() });
  return row;
}

/** Records activity on a session and its user (the request guard, at most once a minute). */
export async function recordActivity(db: DbOrTx, sessionId: string, userId: string, at: Date): Promise<void> {
  const iso = at.toISOString();
  // One statement (one round trip) for both rows.
  await db.execute(
    sql`with s as (update ${sessions} set last_activity_at = ${iso}::timestamptz where id = ${sessionId})
        update ${users} set last_active_at = ${iso}::timestamptz where id = ${userId}`,
  );
}

/**
 * Which of these sessions are still live at `at` (neither revoked nor expired) for a person neither
 * banned nor deactivated: the real-time stream checks its open streams with it at each heartbeat.
 */
export async function liveSessionIds(db: DbOrTx, sessionIds: string[], at: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, sessionIds),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
        ne(users.status, 'banned'),
        eq(users.isActive, true),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The ban of a banned user (the request guard asks when a token's session is gone). */
export async function banOfUser(db: DbOrTx, userId: string): Promise<{ banReason: string | null } | undefined> {
  const [row] = await db
    .select({ banReason: users.banReason })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'banned')));
  return row;
}
