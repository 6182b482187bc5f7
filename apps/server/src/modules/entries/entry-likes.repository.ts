/** Every statement on entry likes, and the likes counter they keep on the entry. */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { entries, entryLikes } from '../../db/schema/index.js';

/** Adds the like; false when the user already liked the entry. */
export async function insertLike(tx: Tx, entryId: string, userId: string, at: Date): Promise<boolean> {
  const inserted = await tx
    .insert(entryLikes)
    .values({ entryId, userId, createdAt: at })
    .onConflictDoNothing()
    .returning({ entryId: entryLikes.entryId });
  return inserted.length > 0;
}

/** Removes the like; false when there was none. */
export async function deleteLike(tx: Tx, entryId: string, userId: string): Promise<boolean> {
  const removed = await tx
    .delete(entryLikes)
    .where(and(eq(entryLikes.entryId, entryId), eq(entryLikes.userId, userId)))
    .returning({ entryId: entryLikes.entryId });
  return removed.length > 0;
}

/** Moves the entry's likes counter by `delta` (never below 0 going down); returns it. */
export async function moveLikesCount(tx: Tx, entryId: string, delta: 1 | -1): Promise<number | undefined> {
  const [row] = await tx
    .update(entries)
    .set({ likesCount: delta > 0 ? sql`${entries.likesCount} + 1` : sql`greatest(${entries.likesCount} - 1, 0)` })
    .where(eq(entries.id, entryId))
    .returning({ likesCount: entries.likesCount });
  return row?.likesCount;
}

export async function likesCount(tx: Tx, entryId: string): Promise<number | undefined> {
  const [row] = await tx.select({ likesCount: entries.likesCount }).from(entries).where(eq(entries.id, entryId));
  return row?.likesCount;
}
