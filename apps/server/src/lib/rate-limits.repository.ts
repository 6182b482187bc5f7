/** Statements over rate_limits, the counters rate-limit-store.ts shares through PostgreSQL. No rules here. */
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimitCounters } from '../db/schema/index.js';

/** Deletes the counters whose window ended before `beforeMs` (epoch milliseconds, as the limiter writes them). */
export async function deleteExpiredCounters(db: Db, beforeMs: number): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expire, beforeMs));
}
