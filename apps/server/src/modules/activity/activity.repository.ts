/** Every statement on activity_items. */
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { activityItems } from '../../db/schema/index.js';

export type ActivityType = (typeof activityItems.$inferInsert)['type'];

export type ActivityItem = typeof activityItems.$inferInsert;

/** Adds the items (one statement); an id already there is left as it is (replays). */
export async function addActivities(db: DbOrTx, items: ActivityItem[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(activityItems).values(items).onConflictDoNothing();
}

/** The newest `limit` items of a user. */
export async function recentOf(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(activityItems)
    .where(eq(activityItems.userId, userId))
    .orderBy(desc(activityItems.createdAt), activityItems.id)
    .limit(limit);
}
