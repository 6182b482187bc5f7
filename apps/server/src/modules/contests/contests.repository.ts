/**
 * Drizzle queries for contests. No rules here: the service decides, this reads and locks.
 *
 * Lock order used by everything that changes a contest and moves money for it (contests, entries,
 * votes): the contest row first (`getContestForUpdate`), then entry rows, then ledger accounts
 * (which `post()` locks in code order). Keeping that order avoids deadlocks between a vote and a
 * cancellation or a payout.
 */
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import { contests, entries, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export type ContestRow = typeof contests.$inferSelect;

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

/**
 * The contest row under `SELECT … FOR UPDATE` inside the caller's transaction, or 404. Everything
 * that changes the contest's status, dates, counters or money takes this lock first.
 */
export async function getContestForUpdate(tx: Tx, id: string): Promise<ContestRow> {
  if (!isUuid(id)) throw contestNotFound();
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
