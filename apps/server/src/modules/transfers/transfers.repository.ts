/**
 * Drizzle queries of vote-credit transfers: the people one may send credits to, and the caller's
 * transfer lines read straight from the ledger (a transfer is one ledger transaction of kind
 * TRANSFER_KIND; its metadata names both sides).
 */
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Asset } from '../ledger/accounts.js';
import { isPosted, ownedLinesOfKind } from '../ledger/ledger.js';

/** The ledger kind of a transfer posting. */
export const TRANSFER_KIND = 'vote_credit_transfer' as const;

/** The ledger metadata every transfer posting carries. */
export interface TransferMetadata {
  senderId: string;
  senderName: string;
  recipientId: string;
  recipientName: string;
}

export interface TransferUserRow {
  id: string;
  fullName: string;
  email: string;
  profilePicture: string | null;
  status: 'active' | 'banned' | 'pending';
  isActive: boolean;
  isVerified: boolean;
}

const userColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  profilePicture: users.profilePicture,
  status: users.status,
  isActive: users.isActive,
  isVerified: users.isVerified,
};

/** Who may receive credits: an active, not banned, email-verified account. */
const eligible = and(eq(users.status, 'active'), eq(users.isActive, true), eq(users.isVerified, true));

/** A user's id and full name. */
export async function findUserName(db: DbOrTx, userId: string): Promise<{ id: string; fullName: string } | undefined> {
  const [row] = await db.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return row;
}

/** The account behind an email (lower-case, as stored), whatever its state. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<TransferUserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.email, email));
  return row;
}

/** The same rule as `eligible`, for a row already read. */
export const isEligibleRecipient = (u: TransferUserRow): boolean => u.status === 'active' && u.isActive && u.isVerified;

/** `text` as a LIKE pattern that matches it literally anywhere (backslash is the escape character). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Eligible recipients whose full name contains `query` (case-insensitive, taken literally) or whose
 * email IS `query` (case-insensitive; emails are stored lower-case): a part of an email such as
 * 'gmail' finds no one by email, so the search cannot be used to list people's addresses. The caller
 * is excluded; ordered by name.
 */
export async function searchRecipients(db: DbOrTx, callerId: string, query: string, limit: number): Promise<TransferUserRow[]> {
  const pattern = containsPattern(query);
  return db
    .select(userColumns)
    .from(users)
    .where(
      and(eligible, ne(users.id, callerId), or(sql`${users.fullName} ilike ${pattern} escape '\\'`, eq(users.email, query.toLowerCase()))),
    )
    .orderBy(sql`lower(${users.fullName})`, asc(users.email))
    .limit(limit);
}

export interface TransferLineRow {
  id: number;
  asset: Asset;
  /** Signed minor units for the caller: kobo (NGN) or hundredths (CREDIT). */
  amount: number;
  createdAt: Date;
  reference: string;
  metadata: Partial<TransferMetadata>;
}

/**
 * The caller's own journal lines of transfer postings (their credits sent or received, their fees
 * paid), newest transfer first, one page, and how many there are in all (the ledger's read API).
 */
export async function listTransferLines(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: TransferLineRow[]; total: number }> {
  const { rows, total } = await ownedLinesOfKind(db, userId, ['user_wallet', 'user_credits'], TRANSFER_KIND, page);
  return { rows: rows.map((r) => ({ ...r, metadata: r.metadata as Partial<TransferMetadata> })), total };
}

/** Whether a ledger posting with this reference exists (an Idempotency-Key already used). */
export const postingExists = isPosted;
