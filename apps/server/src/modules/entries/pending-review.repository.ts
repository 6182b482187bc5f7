/** Entries awaiting review across every contest, grouped per contest (the Contest Management page). */
import { and, asc, count, countDistinct, eq, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contests, entries, users } from '../../db/schema/index.js';

const pending = and(eq(entries.status, 'pending'), sql`${contests.status} <> 'cancelled'`);

/** Per contest with pending entries: its title, organizer, count and oldest submission; oldest first. */
export async function pendingEntriesByContest(db: DbOrTx, page: { limit: number; offset: number }) {
  const oldest = min(entries.createdAt);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        contestId: contests.id,
        title: contests.title,
        status: contests.status,
        entryEndDate: contests.entryEndDate,
        organizerName: users.fullName,
        pendingCount: count(entries.id),
        oldest,
      })
      .from(entries)
      .innerJoin(contests, eq(contests.id, entries.contestId))
      .innerJoin(users, eq(users.id, contests.organizerId))
      .where(pending)
      .groupBy(contests.id, users.fullName)
      .orderBy(asc(oldest), asc(contests.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ contests: countDistinct(entries.contestId), entries: count(entries.id) })
      .from(entries)
      .innerJoin(contests, eq(contests.id, entries.contestId))
      .where(pending),
  ]);
  return { rows, totalContests: Number(totals?.contests ?? 0), totalPending: Number(totals?.entries ?? 0) };
}
