/** Every statement on activity_items. */
import { desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { activityItems, contests } from '../../db/schema/index.js';

export type ActivityType = (typeof activityItems.$inferInsert)['type'];

export type ActivityItem = typeof activityItems.$inferInsert;

/** Adds the items (one statement); an id already there is left as it is (replays). */
export async function addActivities(db: DbOrTx, items: ActivityItem[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(activityItems).values(items).onConflictDoNothing();
}

/** The newest `limit` items of a user, with the current status of the contest each is about. */
export async function recentOf(db: DbOrTx, userId: string, limit: number) {
  const items = await db
    .select()
    .from(activityItems)
    .where(eq(activityItems.userId, userId))
    .orderBy(desc(activityItems.createdAt), activityItems.id)
    .limit(limit);
  const ids = [...new Set(items.map((i) => i.contestId).filter((id): id is string => !!id))];
  const statuses = ids.length
    ? new Map(
        (await db.select({ id: contests.id, status: contests.status }).from(contests).where(inArray(contests.id, ids))).map((c) => [
          c.id,
          c.status,
        ]),
      )
    : new Map<string, string>();
  return items.map((i) => ({ ...i, contestStatus: i.contestId ? (statuses.get(i.contestId) ?? null) : null }));
}
