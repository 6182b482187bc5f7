/**
 * Every statement over conversations, messages, read cursors, hidden messages, blocks and message
 * settings, and the user look-ups messaging needs. No rules here: the operation files decide.
 */
import type { TPreferences } from '@contesthub/shared';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import {
  contests,
  conversationReads,
  conversations,
  entries,
  hiddenMessages,
  messageSettings,
  messages,
  userBlocks,
  users,
} from '../../db/schema/index.js';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ConversationStatus = ConversationRow['status'];
export type WhoCanMessageValue = (typeof messageSettings.$inferSelect)['whoCanMessage'];

/** Advisory-lock namespace of one member's sends (the new-conversations count and the pair's first row). */
const SEND_LOCK_NAMESPACE = 727301;

export interface MessageUserRow {
  id: string;
  fullName: string;
  email: string;
  username: string;
  profilePicture: string | null;
  createdAt: Date;
  /** Their privacy choices (whether others may see the email). */
  preferences: TPreferences | null;
}

const userColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  username: users.username,
  profilePicture: users.profilePicture,
  createdAt: users.createdAt,
  preferences: users.preferences,
};

/** Members who can take part in messages: not banned, not deactivated. */
const reachable = and(eq(users.status, 'active'), eq(users.isActive, true));

/** A reachable member by username (any case) or email (stored lower-case). */
export async function findUserByHandle(db: DbOrTx, handle: string): Promise<MessageUserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(reachable, or(sql`lower(${users.username}) = ${handle.toLowerCase()}`, eq(users.email, handle.toLowerCase()))))
    .limit(1);
  return row;
}

/** A reachable member by id. */
export async function findUserById(db: DbOrTx, id: string): Promise<MessageUserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(reachable, eq(users.id, id)));
  return row;
}

/** Any member by id, reachable or not (the other side of an existing conversation). */
export async function findAnyUserById(db: DbOrTx, id: string): Promise<MessageUserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Serialises one member's sends (transaction-scoped). */
export async function lockSender(tx: Tx, senderId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SEND_LOCK_NAMESPACE))}, hashtext(${senderId}))`);
}

export async function findConversation(db: DbOrTx, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

export async function findConversationForUpdate(tx: Tx, id: string): Promise<ConversationRow | undefined> {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
  return row;
}

/** Inserts the pair's conversation; undefined when it already exists (the other side started it at the same moment). */
export async function insertConversation(tx: Tx, values: typeof conversations.$inferInsert): Promise<ConversationRow | undefined> {
  const [row] = await tx.insert(conversations).values(values).onConflictDoNothing({ target: conversations.id }).returning();
  return row;
}

export async function setConversationStatus(tx: Tx, id: string, status: ConversationStatus): Promise<void> {
  await tx.update(conversations).set({ status }).where(eq(conversations.id, id));
}

export async function touchConversation(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(conversations).set({ lastMessageAt: at }).where(eq(conversations.id, id));
}

/** Conversations `userId` started since `since`. */
export async function countConversationsStartedSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.startedBy, userId), gt(conversations.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertMessage(tx: Tx, values: Omit<typeof messages.$inferInsert, 'seq'>): Promise<MessageRow> {
  const [row] = await tx.insert(messages).values(values).returning();
  return row!;
}

export async function findMessage(db: DbOrTx, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/** Empties a message and marks it deleted for everyone; false when it already was. */
export async function tombstoneMessage(tx: Tx, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(messages)
    .set({ content: '', deletedAt: at })
    .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/**
 * A moderator removes (or restores) a message for both members; the row under lock first, so the
 * answer's `before` is the state this call changed. Undefined for no such message.
 */
export async function setMessageRemoved(
  tx: Tx,
  id: string,
  removed: boolean,
  at: Date,
): Promise<{ before: 'visible' | 'removed'; senderId: string; conversationId: string } | undefined> {
  const [row] = await tx
    .select({ removedAt: messages.removedAt, senderId: messages.senderId, conversationId: messages.conversationId })
    .from(messages)
    .where(eq(messages.id, id))
    .for('update');
  if (!row) return undefined;
  await tx
    .update(messages)
    .set({ removedAt: removed ? at : null })
    .where(eq(messages.id, id));
  return { before: row.removedAt ? 'removed' : 'visible', senderId: row.senderId, conversationId: row.conversationId };
}

export async function hideMessage(db: DbOrTx, messageId: string, userId: string, at: Date): Promise<void> {
  await db.insert(hiddenMessages).values({ messageId, userId, createdAt: at }).onConflictDoNothing();
}

/** Moves a read cursor to `seq`, never back. */
export async function advanceReadCursor(db: DbOrTx, conversationId: string, userId: string, seq: number, at: Date): Promise<void> {
  await db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadSeq: seq, updatedAt: at })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: {
        lastReadSeq: sql`greatest(${conversationReads.lastReadSeq}, excluded.last_read_seq)`,
        updatedAt: sql`case when excluded.last_read_seq > ${conversationReads.lastReadSeq} then excluded.updated_at else ${conversationReads.updatedAt} end`,
      },
    });
}

/** The messages to `userId` in a conversation after their read cursor (not hidden by them, not deleted). */
export async function unreadIn(db: DbOrTx, conversationId: string, userId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n
          from ${messages} m
          left join ${conversationReads} r on r.conversation_id = m.conversation_id and r.user_id = ${userId}
         where m.conversation_id = ${conversationId}
           and m.recipient_id = ${userId}
           and m.deleted_at is null and m.removed_at is null
           and m.seq > coalesce(r.last_read_seq, 0)
           and not exists (select 1 from ${hiddenMessages} h where h.message_id = m.id and h.user_id = ${userId})`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Unread messages to `userId` over their active conversations, and the message requests waiting
 * for them (from people they have not blocked).
 */
export async function unreadTotals(db: DbOrTx, userId: string): Promise<{ unread: number; requests: number }> {
  const rows = await queryRows<{ unread: number; requests: number }>(
    db,
    sql`select
          (select count(*)::int
             from ${messages} m
             join ${conversations} c on c.id = m.conversation_id and c.status = 'active'
             left join ${conversationReads} r on r.conversation_id = m.conversation_id and r.user_id = ${userId}
            where m.recipient_id = ${userId}
              and m.deleted_at is null and m.removed_at is null
              and m.seq > coalesce(r.last_read_seq, 0)
              and not exists (select 1 from ${hiddenMessages} h where h.message_id = m.id and h.user_id = ${userId})) as unread,
          (select count(*)::int
             from ${conversations} c
            where c.status = 'request'
              and c.started_by <> ${userId}
              and (c.user_a = ${userId} or c.user_b = ${userId})
              and not exists (select 1 from ${userBlocks} b where b.blocker_id = ${userId} and b.blocked_id = c.started_by)) as requests`,
  );
  return rows[0] ?? { unread: 0, requests: 0 };
}

export interface ConversationListRow {
  id: string;
  status: ConversationStatus;
  startedBy: string;
  otherId: string;
  otherFullName: string;
  otherEmail: string;
  otherUsername: string;
  otherPicture: string | null;
  lastContent: string | null;
  lastCreatedAt: Date | string | null;
  lastDeleted: boolean | null;
  lastSenderId: string | null;
  unreadCount: number;
}

/**
 * One page of `userId`'s conversations, the most recent first, and how many there are.
 * `inbox`: active ones and those they started (requests they sent, even declined);
 * `requests`: requests waiting for them, from people they have not blocked.
 */
export async function listConversations(
  db: DbOrTx,
  userId: string,
  kind: 'inbox' | 'requests',
  page: { limit: number; offset: number },
): Promise<{ rows: ConversationListRow[]; total: number }> {
  const filter =
    kind === 'inbox'
      ? sql`(c.status = 'active' or c.started_by = ${userId})`
      : sql`(c.status = 'request' and c.started_by <> ${userId}
             and not exists (select 1 from ${userBlocks} b where b.blocker_id = ${userId} and b.blocked_id = c.started_by))`;
  const mine = sql`(c.user_a = ${userId} or c.user_b = ${userId})`;
  const rows = await queryRows<ConversationListRow>(
    db,
    sql`select c.id, c.status, c.started_by as "startedBy",
               u.id as "otherId", u.full_name as "otherFullName", u.email as "otherEmail",
               u.username as "otherUsername", u.profile_picture as "otherPicture",
               case when last.removed_at is not null then '' else last.content end as "lastContent",
               last.created_at as "lastCreatedAt",
               (last.deleted_at is not null or last.removed_at is not null) as "lastDeleted", last.sender_id as "lastSenderId",
               (select count(*)::int
                  from ${messages} m
                  left join ${conversationReads} r on r.conversation_id = m.conversation_id and r.user_id = ${userId}
                 where m.conversation_id = c.id
                   and m.recipient_id = ${userId}
                   and m.deleted_at is null and m.removed_at is null
                   and m.seq > coalesce(r.last_read_seq, 0)
                   and not exists (select 1 from ${hiddenMessages} h where h.message_id = m.id and h.user_id = ${userId})
               ) as "unreadCount"
          from ${conversations} c
          join ${users} u on u.id = case when c.user_a = ${userId} then c.user_b else c.user_a end
          left join lateral (
                select m.content, m.created_at, m.deleted_at, m.removed_at, m.sender_id
                  from ${messages} m
                 where m.conversation_id = c.id
                   and not exists (select 1 from ${hiddenMessages} h where h.message_id = m.id and h.user_id = ${userId})
                 order by m.seq desc
                 limit 1
          ) last on true
         where ${mine} and ${filter}
         order by c.last_message_at desc, c.id
         limit ${page.limit} offset ${page.offset}`,
  );
  const totals = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${conversations} c where ${mine} and ${filter}`);
  return { rows, total: totals[0]?.n ?? 0 };
}

export interface MessagePageRow extends MessageRow {
  senderFullName: string;
  senderEmail: string;
  senderUsername: string;
  senderPicture: string | null;
}

const messageWithSender = {
  id: messages.id,
  seq: messages.seq,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  recipientId: messages.recipientId,
  content: messages.content,
  createdAt: messages.createdAt,
  deletedAt: messages.deletedAt,
  removedAt: messages.removedAt,
  senderFullName: users.fullName,
  senderEmail: users.email,
  senderUsername: users.username,
  senderPicture: users.profilePicture,
};

const notHiddenFor = (userId: string) =>
  sql`not exists (select 1 from ${hiddenMessages} h where h.message_id = ${messages.id} and h.user_id = ${userId})`;

/** One page of a conversation as `viewerId` sees it (their hidden messages left out), newest first, and the total. */
export async function messagePage(
  db: DbOrTx,
  conversationId: string,
  viewerId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: MessagePageRow[]; total: number }> {
  const where = and(eq(messages.conversationId, conversationId), notHiddenFor(viewerId));
  const rows = await db
    .select(messageWithSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(where)
    .orderBy(desc(messages.seq))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(messages).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A message with its sender. */
export async function messageWithSenderById(db: DbOrTx, id: string): Promise<MessagePageRow | undefined> {
  const [row] = await db
    .select(messageWithSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, id));
  return row;
}

/** Up to `n` messages before and `n` after `seq` in a conversation, with the message itself, oldest first. */
export async function surroundingMessages(db: DbOrTx, conversationId: string, seq: number, n: number): Promise<MessageRow[]> {
  const before = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), lt(messages.seq, seq)))
    .orderBy(desc(messages.seq))
    .limit(n);
  const rest = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), sql`${messages.seq} >= ${seq}`))
    .orderBy(asc(messages.seq))
    .limit(n + 1);
  return [...before.reverse(), ...rest];
}

/** Whether either member blocked the other. */
export async function blockedEitherWay(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(userBlocks)
    .where(
      or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))),
    );
  return (row?.n ?? 0) > 0;
}

export async function insertBlock(db: DbOrTx, blockerId: string, blockedId: string, at: Date): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing();
}

export async function deleteBlock(db: DbOrTx, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** The people `blockerId` blocked, most recent first. */
export async function listBlocked(db: DbOrTx, blockerId: string): Promise<MessageUserRow[]> {
  return db
    .select(userColumns)
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt));
}

/** A member's "who can message me" (everyone when never set). */
export async function whoCanMessage(db: DbOrTx, userId: string): Promise<WhoCanMessageValue> {
  const [row] = await db.select({ who: messageSettings.whoCanMessage }).from(messageSettings).where(eq(messageSettings.userId, userId));
  return row?.who ?? 'everyone';
}

export async function saveWhoCanMessage(db: DbOrTx, userId: string, who: WhoCanMessageValue, at: Date): Promise<void> {
  await db
    .insert(messageSettings)
    .values({ userId, whoCanMessage: who, updatedAt: at })
    .onConflictDoUpdate({ target: messageSettings.userId, set: { whoCanMessage: who, updatedAt: at } });
}

/** Whether two members take part in a common contest (as organizer or with an entry). */
export async function shareAContest(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const contestsOf = (id: string) =>
    sql`select ${entries.contestId} as contest_id from ${entries} where ${entries.participantId} = ${id}
        union select ${contests.id} from ${contests} where ${contests.organizerId} = ${id}`;
  const rows = await queryRows<{ shared: boolean }>(
    db,
    sql`select exists (select 1 from (${contestsOf(a)}) x join (${contestsOf(b)}) y on x.contest_id = y.contest_id) as shared`,
  );
  return rows[0]?.shared === true;
}

/** `text` as a LIKE pattern that matches it literally anywhere (backslash is the escape character). */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Reachable members whose full name or username contains `query` (case-insensitive, taken
 * literally) or whose email IS `query`: a part of an email finds no one, so the search cannot list
 * people's addresses. The caller and anyone blocked either way are left out; ordered by name.
 */
export async function searchUsers(db: DbOrTx, callerId: string, query: string, limit: number): Promise<MessageUserRow[]> {
  const pattern = containsPattern(query);
  return db
    .select(userColumns)
    .from(users)
    .where(
      and(
        reachable,
        ne(users.id, callerId),
        or(
          sql`${users.fullName} ilike ${pattern} escape '\\'`,
          sql`${users.username} ilike ${pattern} escape '\\'`,
          eq(users.email, query.toLowerCase()),
        ),
        sql`not exists (select 1 from ${userBlocks} b
                         where (b.blocker_id = ${callerId} and b.blocked_id = ${users.id})
                            or (b.blocker_id = ${users.id} and b.blocked_id = ${callerId}))`,
      ),
    )
    .orderBy(sql`lower(${users.fullName})`, asc(users.username))
    .limit(limit);
}

/** Messages with their senders, by id (the real-time stream renders them for each of the two people). */
export async function messagesWithSenderByIds(db: DbOrTx, ids: string[]): Promise<MessagePageRow[]> {
  if (ids.length === 0) return [];
  return db.select(messageWithSender).from(messages).innerJoin(users, eq(users.id, messages.senderId)).where(inArray(messages.id, ids));
}

/** Which of these (message, person) pairs the person hid ("delete for me"): keys `${messageId}:${userId}`. */
export async function hiddenPairs(db: DbOrTx, pairs: Array<{ messageId: string; userId: string }>): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db
    .select({ messageId: hiddenMessages.messageId, userId: hiddenMessages.userId })
    .from(hiddenMessages)
    .where(
      inArray(
        hiddenMessages.messageId,
        pairs.map((p) => p.messageId),
      ),
    );
  const wanted = new Set(pairs.map((p) => `${p.messageId}:${p.userId}`));
  return new Set(rows.map((r) => `${r.messageId}:${r.userId}`).filter((k) => wanted.has(k)));
}
