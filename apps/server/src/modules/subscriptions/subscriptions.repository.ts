/**
 * Drizzle queries of subscriptions (the `subscriptions` table, paid ones and the free trial), who has had
 * the trial (`subscription_trial_claims`) and the users' tier mirror. No rules here.
 */
import type { LedgerKind } from '@contesthub/shared';
import { and, asc, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { subscriptions, subscriptionTrialClaims, users } from '../../db/schema/index.js';
import { findPosting as findLedgerPosting, latestFlaggedPostingOn } from '../ledger/ledger.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type PaidTier = SubscriptionRow['tier'];

/** Statuses that hold the user's one running subscription (the partial unique index). */
export const RUNNING_STATUSES = ['active', 'cancelled'] as const;

/**
 * The user's row, locked until the end of the transaction: one subscription change at a time per user.
 * FOR NO KEY UPDATE, never FOR UPDATE: a FOR UPDATE lock on a users row also blocks every insert of a
 * row that references the user (a vote, a withdrawal, a payment take FOR KEY SHARE on it). A vote
 * holding the voter's credit account would then wait for this transaction, which waits for a
 * ledger account a third posting holds while it waits for the vote: a deadlock PostgreSQL breaks by
 * failing one of them (seen as a 500 on a transfer in the money-concurrency test under load). Every
 * lock of a users row in the server is FOR NO KEY UPDATE for the same reason.
 */
export async function lockUser(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  return row;
}

export async function findUser(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** The user's running subscription (active or cancelled), whatever its end date; at most one exists. */
export async function findRunning(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, RUNNING_STATUSES)));
  return row;
}

/** Running subscriptions of the user that ended by `at` become expired; answers how many. */
export async function expireEndedOf(tx: Tx, userId: string, at: Date): Promise<number> {
  const rows = await tx
    .update(subscriptions)
    .set({ status: 'expired', updatedAt: at })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, RUNNING_STATUSES), lte(subscriptions.endDate, at)))
    .returning({ id: subscriptions.id });
  return rows.length;
}

/** Users with a running subscription that ended by `at` (the expiry job's work list), oldest end first. */
export async function usersWithEndedSubscriptions(db: DbOrTx, at: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, RUNNING_STATUSES), lte(subscriptions.endDate, at)))
    .orderBy(asc(subscriptions.endDate))
    .limit(limit);
  return [...new Set(rows.map((r) => r.userId))];
}

/** The tier mirror on the user row (read by contests, entries and vote-credit pricing). */
export async function setUserTier(tx: Tx, userId: string, tier: UserRow['subscriptionTier'], expiresAt: Date | null, at: Date) {
  await tx.update(users).set({ subscriptionTier: tier, subscriptionExpiresAt: expiresAt, updatedAt: at }).where(eq(users.id, userId));
}

export async function insertSubscription(db: DbOrTx, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(db: DbOrTx, id: string, set: Partial<NewSubscription>): Promise<SubscriptionRow> {
  const [row] = await db.update(subscriptions).set(set).where(eq(subscriptions.id, id)).returning();
  return row!;
}

export async function findById(db: DbOrTx, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function findByPaymentReference(db: DbOrTx, reference: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.paymentReference, reference));
  return row;
}

/** A card subscription still waiting for its payment becomes failed (never touches a paid one). */
export async function failPending(db: DbOrTx, paymentReference: string, at: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'failed', updatedAt: at })
    .where(and(eq(subscriptions.paymentReference, paymentReference), eq(subscriptions.status, 'pending')));
}

/** The user's subscriptions, newest first, one page of them, and how many there are. */
export async function listOf(db: DbOrTx, userId: string, page: number, limit: number): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Whether the user has any subscription row at all (the demo seed's "already done"). */
export async function hasAnySubscription(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return !!row;
}

/** A posted ledger transaction by its reference (an extension's Idempotency-Key replay). */
export const findPosting = findLedgerPosting;

/**
 * The newest posting of `kind` marked keyless (metadata.keyless = true) with a line on the ledger account
 * `accountCode` (the user's wallet): found through that account's own lines, newest first.
 */
export function lastKeylessPostingOf(db: DbOrTx, accountCode: string, kind: LedgerKind) {
  return latestFlaggedPostingOn(db, accountCode, kind, 'keyless');
}

export type TrialClaim = typeof subscriptionTrialClaims.$inferInsert;

/** The digests among `digests` that already claimed a trial. */
export async function claimedTrialDigests(db: DbOrTx, digests: string[]): Promise<string[]> {
  if (digests.length === 0) return [];
  const rows = await db
    .select({ digest: subscriptionTrialClaims.digest })
    .from(subscriptionTrialClaims)
    .where(inArray(subscriptionTrialClaims.digest, digests));
  return rows.map((r) => r.digest);
}

/** Records the person's identifiers as having had the trial (a concurrent claim of one fails the transaction). */
export async function insertTrialClaims(tx: Tx, claims: TrialClaim[]): Promise<void> {
  if (claims.length > 0) await tx.insert(subscriptionTrialClaims).values(claims);
}
