/** Every statement on activity_items. */
import { desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { activityItems, contests } from '../../db/schema/index.js';

export type ActivityType = (typeof activityItems.$inferInsert)['type'];

export async function addActivity(db: DbOrTx, item: typeof activityItems.$inferInsert): Promise<void> {
  await db.insert(activityItems).values(item).onConflictDoNothing();
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
