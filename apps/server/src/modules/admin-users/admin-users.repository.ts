/**
 * Every statement of the user administration (issue 15): the dashboard's user counts, the user list
 * with its per-user counts (one statement), the target's row lock, and the admins' lock of a role
 * change. No rules here.
 */
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { TAdminUsersQuery, UserRole } from '@contesthub/shared';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { contests, entries, strikes, users } from '../../db/schema/index.js';

export type AdminUserRow = typeof users.$inferSelect;

export interface UserCounts {
  active: number;
  recentlyActive: number;
  banned: number;
}

/** Active (status active and not deactivated), active since `since` (activity or login), banned. */
export async function userCounts(db: DbOrTx, since: Date): Promise<UserCounts> {
  const [row] = await queryRows<{ active: string; recently_active: string; banned: string }>(
    db,
    sql`select count(*) filter (where ${users.status} = 'active' and ${users.isActive})::text as active,
               count(*) filter (where greatest(${users.lastActiveAt}, ${users.lastLoginAt}) >= ${since.toISOString()}::timestamptz)::text as recently_active,
               count(*) filter (where ${users.status} = 'banned')::text as banned
        from ${users}`,
  );
  return { active: Number(row?.active ?? 0), recentlyActive: Number(row?.recently_active ?? 0), banned: Number(row?.banned ?? 0) };
}

/** `text` made safe inside a LIKE pattern (its %, _ and \ match themselves). */
const likeEscaped = (text: string): string => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The list's filter. Search is anchored (a name, a word of the name, a username or an email that
 * starts with the text), so each comparison is linear in the value and no pattern is the caller's.
 */
function filterOf(q: Pick<TAdminUsersQuery, 'search' | 'status' | 'role'>): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (q.status) parts.push(eq(users.status, q.status));
  if (q.role) parts.push(eq(users.role, q.role));
  if (q.search) {
    const s = likeEscaped(q.search);
    parts.push(
      or(
        sql`lower(${users.fullName}) like ${`${s}%`} escape '\\'`,
        sql`lower(${users.fullName}) like ${`% ${s}%`} escape '\\'`,
        sql`lower(${users.username}) like ${`${s}%`} escape '\\'`,
        sql`${users.email} like ${`${s}%`} escape '\\'`,
      ),
    );
  }
  return and(...parts);
}

export interface AdminUserListRow {
  user: AdminUserRow;
  contestsCreated: number;
  entriesSubmitted: number;
  violations: number;
}

const contestsCreated = sql<number>`(select count(*)::int from ${contests} c where c.organizer_id = ${users}.id)`;
const entriesSubmitted = sql<number>`(select count(*)::int from ${entries} e where e.participant_id = ${users}.id)`;
const violations = sql<number>`(select count(*)::int from ${strikes} s where s.user_id = ${users}.id)`;

/** A page of users, newest first, with their counts (indexed per-user counts in the same statement). */
export async function listUsers(db: DbOrTx, q: TAdminUsersQuery, offset: number): Promise<AdminUserListRow[]> {
  const rows = await db
    .select({ user: users, contestsCreated, entriesSubmitted, violations })
    .from(users)
    .where(filterOf(q))
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(q.limit)
    .offset(offset);
  return rows.map((r) => ({
    ...r,
    contestsCreated: Number(r.contestsCreated),
    entriesSubmitted: Number(r.entriesSubmitted),
    violations: Number(r.violations),
  }));
}

export async function countUsers(db: DbOrTx, q: TAdminUsersQuery): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(filterOf(q));
  return Number(row?.n ?? 0);
}

/** One user with their counts. */
export async function findAdminUser(db: DbOrTx, id: string): Promise<AdminUserListRow | undefined> {
  const [row] = await db.select({ user: users, contestsCreated, entriesSubmitted, violations }).from(users).where(eq(users.id, id));
  return (
    row && {
      ...row,
      contestsCreated: Number(row.contestsCreated),
      entriesSubmitted: Number(row.entriesSubmitted),
      violations: Number(row.violations),
    }
  );
}

/** The target of a staff action, locked until the action commits (never FOR UPDATE: see the users lock note). */
export async function lockTarget(tx: Tx, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

/**
 * Every admin row, locked in id order, before a role change: two admins demoting each other at
 * once are put one after the other, and the second one's count no longer includes the first's
 * target (a row that stopped matching is dropped when its lock is granted).
 */
export async function lockAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('no key update');
  return rows.map((r) => r.id);
}

export async function setUserStatus(
  tx: Tx,
  id: string,
  set: { status: 'active' | 'banned'; banReason: string | null; at: Date },
): Promise<void> {
  await tx.update(users).set({ status: set.status, banReason: set.banReason, updatedAt: set.at }).where(eq(users.id, id));
}

export async function setUserRole(tx: Tx, id: string, role: UserRole, at: Date): Promise<void> {
  await tx.update(users).set({ role, updatedAt: at }).where(eq(users.id, id));
}

export async function setUserVerified(tx: Tx, id: string, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ isVerified: true, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at })
    .where(eq(users.id, id));
}
