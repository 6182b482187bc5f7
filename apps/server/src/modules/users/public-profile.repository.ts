/**
 * What a public profile shows of a member's contests and entries: counts, badges won and the lists
 * of their contests and entries. These read the contests and entries tables (owned by those
 * modules, which sit above users and so cannot be imported here). No rules here: visibility is
 * decided in public-profile.service.ts.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contests, entries } from '../../db/schema/index.js';

export type ContestRow = typeof contests.$inferSelect;
export type EntryRow = typeof entries.$inferSelect;

/** Contests organised (drafts aside), entries submitted and contests won (ended, with their winning entry). */
export async function profileCounts(db: DbOrTx, userId: string): Promise<{ created: number; submitted: number; won: number }> {
  const [[created], [submitted], [won]] = await Promise.all([
    db
      .select({ n: count() })
      .from(contests)
      .where(and(eq(contests.organizerId, userId), sql`${contests.status} <> 'draft'`)),
    db.select({ n: count() }).from(entries).where(eq(entries.participantId, userId)),
    db
      .select({ n: count() })
      .from(contests)
      .innerJoin(entries, eq(entries.id, contests.winnerEntryId))
      .where(and(eq(entries.participantId, userId), eq(contests.status, 'ended'))),
  ]);
  return { created: created?.n ?? 0, submitted: submitted?.n ?? 0, won: won?.n ?? 0 };
}

/** Badge titles of the badge contests the user won, latest voting end first. */
export async function badgesWon(db: DbOrTx, userId: string): Promise<Array<{ title: string | null }>> {
  return db
    .select({ title: contests.badgeTitle })
    .from(contests)
    .innerJoin(entries, eq(entries.id, contests.winnerEntryId))
    .where(and(eq(entries.participantId, userId), eq(contests.status, 'ended'), eq(contests.prizeType, 'badge')))
    .orderBy(desc(contests.votingEndDate));
}

/** The user's contests (drafts aside, optionally of one status), newest first, one page, and how many. */
export async function contestsOrganizedBy(
  db: DbOrTx,
  userId: string,
  q: { limit: number; offset: number; status?: string | undefined },
): Promise<{ rows: ContestRow[]; total: number }> {
  const where = and(
    eq(contests.organizerId, userId),
    sql`${contests.status} <> 'draft'`,
    q.status ? eq(contests.status, q.status as 'active') : undefined,
  );
  const rows = await db.select().from(contests).where(where).orderBy(desc(contests.createdAt)).limit(q.limit).offset(q.offset);
  const [{ total }] = (await db.select({ total: count() }).from(contests).where(where)) as [{ total: number }];
  return { rows, total };
}

/** The user's entries (all of them, or approved ones only), with their contest's title, newest first. */
export async function entriesSubmittedBy(
  db: DbOrTx,
  userId: string,
  q: { limit: number; offset: number; approvedOnly: boolean },
): Promise<{ rows: Array<{ entry: EntryRow; contestTitle: string }>; total: number }> {
  const where = and(eq(entries.participantId, userId), q.approvedOnly ? eq(entries.status, 'approved') : undefined);
  const rows = await db
    .select({ entry: entries, contestTitle: contests.title })
    .from(entries)
    .innerJoin(contests, eq(contests.id, entries.contestId))
    .where(where)
    .orderBy(desc(entries.createdAt))
    .limit(q.limit)
    .offset(q.offset);
  const [{ total }] = (await db.select({ total: count() }).from(entries).where(where)) as [{ total: number }];
  return { rows, total };
}
