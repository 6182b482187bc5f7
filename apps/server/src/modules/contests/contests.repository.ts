/**
 * Drizzle queries for contests. No rules here: the operations decide, this reads, writes and locks.
 * The lists' queries are in contest-browse.repository.ts, the reports' in reports.repository.ts.
 *
 * Lock order used by everything that changes a contest and moves money for it (contests, entries,
 * votes): the contest row first (`getContestForUpdate`), then entry rows, then ledger accounts
 * (which `post()` locks in code order). Keeping that order avoids deadlocks between a vote and a
 * cancellation or a payout.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import { contests, entries, userBadges, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export type ContestRow = typeof contests.$inferSelect;
export type NewContest = typeof contests.$inferInsert;
type UserRow = typeof users.$inferSelect;

export const CONTEST_NOT_FOUND = 'Contest not found';
export const contestNotFound = () => AppError.notFound(CONTEST_NOT_FOUND);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from URLs: anything but a uuid is simply "not found" (and never reaches a uuid cast). */
export const isUuid = (id: string): boolean => UUID.test(id);

/** The contest row, or undefined (also for a malformed id). */
export async function findContest(db: DbOrTx, id: string): Promise<ContestRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(contests).where(eq(contests.id, id));
  return row;
}

/** The contest row, or 404 'Contest not found'. */
export async function loadContest(db: DbOrTx, id: string): Promise<ContestRow> {
  const row = await findContest(db, id);
  if (!row) throw contestNotFound();
  return row;
}

/** Namespace of the contest's change lock (the same number is in cast_vote, migration 0013). */
const CONTEST_LOCK_NAMESPACE = 727_202;

/**
 * The contest's change lock, exclusively, until the caller's transaction ends. A vote takes it
 * shared (cast_vote) instead of touching the contest row first, so votes never queue behind each
 * other on it; anything that changes the contest's status, dates or counters takes it exclusively
 * (getContestForUpdate, a vote's removal): it waits for the votes in flight, and votes after it see
 * the change.
 */
export async function lockContestChanges(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(CONTEST_LOCK_NAMESPACE))}, hashtext(${id}::uuid::text))`);
}

/**
 * The contest row under `SELECT … FOR UPDATE` inside the caller's transaction, or 404. Everything
 * that changes the contest's status, dates, counters or money takes this lock first (after the
 * contest's change lock, which votes take shared).
 */
export async function getContestForUpdate(tx: Tx, id: string): Promise<ContestRow> {
  if (!isUuid(id)) throw contestNotFound();
  await lockContestChanges(tx, id);
  const [row] = await tx.select().from(contests).where(eq(contests.id, id)).for('update');
  if (!row) throw contestNotFound();
  return row;
}

// pg-core `alias` (not aliasedTable): the alias name is part of the type, so joining users twice type-checks.
const winnerEntry = alias(entries, 'winner_entry');
const winnerUser = alias(users, 'winner_user');

/** A contest with what its answer shows besides the row: the organizer and the winner. */
export const contestViewColumns = {
  contest: contests,
  organizer: {
    id: users.id,
    fullName: users.fullName,
    username: users.username,
    profilePicture: users.profilePicture,
  },
  winnerEntryId: winnerEntry.id,
  winnerTitle: winnerEntry.title,
  winnerUserId: winnerUser.id,
  winnerName: winnerUser.fullName,
};

/** select … from contests join organizer left join winner entry and its participant; add where/order. */
export function selectContestViews(db: DbOrTx) {
  return db
    .select(contestViewColumns)
    .from(contests)
    .innerJoin(users, eq(users.id, contests.organizerId))
    .leftJoin(winnerEntry, eq(winnerEntry.id, contests.winnerEntryId))
    .leftJoin(winnerUser, eq(winnerUser.id, winnerEntry.participantId))
    .$dynamic();
}

/** A row of `selectContestViews`. */
export interface ContestViewRow {
  contest: ContestRow;
  organizer: { id: string; fullName: string; username: string; profilePicture: string | null };
  winnerEntryId: string | null;
  winnerTitle: string | null;
  winnerUserId: string | null;
  winnerName: string | null;
}

/** The contest with its organizer and winner (a row of `selectContestViews`), or undefined. */
export async function findContestView(db: DbOrTx, id: string): Promise<ContestViewRow | undefined> {
  const [view] = await selectContestViews(db).where(eq(contests.id, id));
  return view;
}

// ---------- create, edit, delete ----------

export async function insertContest(tx: Tx, values: NewContest): Promise<void> {
  await tx.insert(contests).values(values);
}

export async function updateContestRow(tx: Tx, id: string, set: Partial<NewContest>): Promise<void> {
  await tx.update(contests).set(set).where(eq(contests.id, id));
}

export async function deleteContestRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(contests).where(eq(contests.id, id));
}

/** Entry rows of a contest, whatever their status. */
export async function entryRowCount(tx: Tx, contestId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(entries).where(eq(entries.contestId, contestId));
  return row?.n ?? 0;
}

// ---------- the organizer (their monthly contest count lives on their users row) ----------

/**
 * The organizer's row locked (FOR NO KEY UPDATE, see subscriptions' lockUser): two creations at once
 * cannot both take the last free slot.
 */
export async function lockOrganizer(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  return user;
}

export async function setMonthlyContestCount(
  tx: Tx,
  userId: string,
  set: { monthlyContestCount: number; lastContestReset: Date | null; updatedAt: Date },
): Promise<void> {
  await tx.update(users).set(set).where(eq(users.id, userId));
}

/** Whether an organizer's account exists and is usable (their public contest list). */
export async function organizerState(db: DbOrTx, userId: string) {
  const [user] = await db.select({ status: users.status, isActive: users.isActive }).from(users).where(eq(users.id, userId));
  return user;
}

// ---------- the lifecycle (the contest-settlement module moves contests along with these) ----------

/**
 * Claims the end of a contest: status ended, finalized now, the winner recorded. Only one
 * transaction ever wins the claim (`finalized_at IS NULL`); false for every other.
 */
export async function claimFinalize(tx: Tx, contestId: string, winnerEntryId: string | null, at: Date): Promise<boolean> {
  const claimed = await tx
    .update(contests)
    .set({ status: 'ended', finalizedAt: at, winnerEntryId, updatedAt: at })
    .where(and(eq(contests.id, contestId), isNull(contests.finalizedAt), inArray(contests.status, ['active', 'voting', 'ended'])))
    .returning({ id: contests.id });
  return claimed.length > 0;
}

export async function markCancelled(tx: Tx, contestId: string, at: Date, reason: string | null): Promise<void> {
  await tx
    .update(contests)
    .set({ status: 'cancelled', cancelledAt: at, cancelReason: reason, updatedAt: at })
    .where(eq(contests.id, contestId));
}

/** Entries closed now: active → voting with the entry end and the voting start brought forward. */
export async function closeEntries(
  tx: Tx,
  contestId: string,
  dates: { entryEndDate: Date; votingStartDate: Date },
  at: Date,
): Promise<void> {
  await tx
    .update(contests)
    .set({ status: 'voting', ...dates, updatedAt: at })
    .where(eq(contests.id, contestId));
}

export async function setVotingDates(
  tx: Tx,
  contestId: string,
  dates: { votingStartDate: Date; votingEndDate: Date },
  at: Date,
): Promise<void> {
  await tx
    .update(contests)
    .set({ ...dates, updatedAt: at })
    .where(eq(contests.id, contestId));
}

/** Contests whose entry period is over move active → voting; returns the ids that moved. */
export async function moveDueToVoting(tx: Tx, at: Date): Promise<string[]> {
  const moved = await tx
    .update(contests)
    .set({ status: 'voting', updatedAt: at })
    .where(and(eq(contests.status, 'active'), lte(contests.entryEndDate, at), gt(contests.votingEndDate, at)))
    .returning({ id: contests.id });
  return moved.map((m) => m.id);
}

/** Ids of contests due to be finalized (voting over, or ended and not finalized), oldest deadline first. */
export async function dueForFinalize(tx: Tx, at: Date, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: contests.id })
    .from(contests)
    .where(
      and(
        isNull(contests.finalizedAt),
        or(eq(contests.status, 'ended'), and(inArray(contests.status, ['active', 'voting']), lte(contests.votingEndDate, at))),
      ),
    )
    .orderBy(asc(contests.votingEndDate), asc(contests.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The badge of a badge contest, to its winner (once per contest). True when awarded now. */
export async function awardBadge(tx: Tx, badge: { userId: string; contestId: string; title: string }, at: Date): Promise<boolean> {
  const inserted = await tx
    .insert(userBadges)
    .values({ ...badge, awardedAt: at })
    .onConflictDoNothing({ target: userBadges.contestId })
    .returning({ id: userBadges.id });
  return inserted.length > 0;
}

/**
 * Contests anyone may see, for the sitemap: every one past its draft and not cancelled, most
 * recently changed first, at most `limit` (a sitemap file holds 50,000 addresses).
 */
export async function listedContests(db: DbOrTx, limit: number): Promise<Array<{ id: string; updatedAt: Date }>> {
  return db
    .select({ id: contests.id, updatedAt: contests.updatedAt })
    .from(contests)
    .where(inArray(contests.status, ['active', 'voting', 'ended']))
    .orderBy(desc(contests.updatedAt))
    .limit(limit);
}

/** Titles of contests by id (read models take names in one query). */
export async function contestTitles(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: contests.id, title: contests.title }).from(contests).where(inArray(contests.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Title and organizer of contests by id (notifications: who to tell, what to name). */
export async function contestSummaries(db: DbOrTx, ids: string[]): Promise<Map<string, { title: string; organizerId: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contests.id, title: contests.title, organizerId: contests.organizerId })
    .from(contests)
    .where(inArray(contests.id, ids));
  return new Map(rows.map((r) => [r.id, { title: r.title, organizerId: r.organizerId }]));
}

/** Current status of contests by id (read models link a draft differently). */
export async function contestStatuses(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: contests.id, status: contests.status }).from(contests).where(inArray(contests.id, ids));
  return new Map(rows.map((r) => [r.id, r.status]));
}

// ---------- staff settings and the prize hold (issue 15; contest-settlement and contest-ops call these) ----------

/** Holds (a reason) or releases (null) a contest's prize payout. */
export async function setPayoutHold(tx: Tx, contestId: string, hold: { reason: string; at: Date } | null, at: Date): Promise<void> {
  await tx
    .update(contests)
    .set({ payoutHeldAt: hold?.at ?? null, payoutHoldReason: hold?.reason ?? null, updatedAt: at })
    .where(eq(contests.id, contestId));
}

export async function setFeatured(tx: Tx, contestId: string, featured: boolean, at: Date): Promise<void> {
  await tx.update(contests).set({ isFeatured: featured, updatedAt: at }).where(eq(contests.id, contestId));
}

/** A phase's end moved (extend): any of the three later dates; the dates' order check still holds. */
export async function setPhaseDates(
  tx: Tx,
  contestId: string,
  dates: Partial<Pick<ContestRow, 'entryEndDate' | 'votingStartDate' | 'votingEndDate' | 'status'>>,
  at: Date,
): Promise<void> {
  await tx
    .update(contests)
    .set({ ...dates, updatedAt: at })
    .where(eq(contests.id, contestId));
}

const prizeColumns = { contest: contests, winnerUserId: entries.participantId, winnerName: users.fullName };
const cashPrizeWhere = and(inArray(contests.prizeType, ['cash', 'cashanditem']), ne(contests.status, 'draft'));

function selectPrizes(db: DbOrTx) {
  return db
    .select(prizeColumns)
    .from(contests)
    .leftJoin(entries, eq(entries.id, contests.winnerEntryId))
    .leftJoin(users, eq(users.id, entries.participantId));
}

/** One contest with its winner's name (any prize type; the caller checks). */
export async function cashPrizeContest(db: DbOrTx, id: string) {
  const [row] = await selectPrizes(db).where(eq(contests.id, id));
  return row;
}

/** Contests with a cash prize (cash, cash and item), not drafts, newest voting end first, with their winner's name. */
export async function cashPrizeContests(db: DbOrTx, page: { limit: number; offset: number }) {
  const where = cashPrizeWhere;
  const [rows, [totalRow]] = await Promise.all([
    selectPrizes(db).where(where).orderBy(desc(contests.votingEndDate), desc(contests.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(contests).where(where),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

/** Running contests (active or voting), soonest voting end first: the settings staff change. */
export async function runningContests(db: DbOrTx, page: { limit: number; offset: number }) {
  const where = inArray(contests.status, ['active', 'voting']);
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(contests).where(where).orderBy(asc(contests.votingEndDate), asc(contests.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(contests).where(where),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0) };
}
