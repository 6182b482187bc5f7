/** Rows → the wire shapes of /api/messages (packages/shared/src/schemas/messages.ts). */
import { DEFAULT_PREFERENCES, type TConversation, type TMessage, type TMessageUser } from '@contesthub/shared';
import type { ConversationListRow, MessagePageRow, MessageUserRow } from './messages.repository.js';

const iso = (at: Date | string): string => (at instanceof Date ? at : new Date(at)).toISOString();

/**
 * A member found by search or opened by id. The email is shown as the public profile shows it (the
 * member's Show Email on a public profile), or when the caller typed that very email; otherwise it
 * is empty, so a name search cannot collect the addresses of members who keep theirs private.
 */
export function toMessageUser(
  u: Pick<MessageUserRow, 'id' | 'fullName' | 'email' | 'username' | 'profilePicture' | 'preferences'>,
  typed?: string,
): TMessageUser {
  const prefs = { ...DEFAULT_PREFERENCES, ...u.preferences };
  const shown = (prefs.profileVisibility === 'public' && prefs.showEmail === true) || typed?.toLowerCase() === u.email;
  return { _id: u.id, fullName: u.fullName, email: shown ? u.email : '', username: u.username, profilePicture: u.profilePicture };
}

export function toMessage(row: MessagePageRow, viewerId: string): TMessage {
  return {
    _id: row.id,
    conversationId: row.conversationId,
    content: row.deletedAt || row.removedAt ? '' : row.content,
    createdAt: iso(row.createdAt),
    sender: {
      _id: row.senderId,
      fullName: row.senderFullName,
      email: row.senderEmail,
      username: row.senderUsername,
      profilePicture: row.senderPicture,
    },
    isMine: row.senderId === viewerId,
    deleted: row.deletedAt !== null || row.removedAt !== null,
    ...(row.removedAt ? { removed: true } : {}),
  };
}

export function toConversation(row: ConversationListRow, viewerId: string): TConversation {
  return {
    _id: row.id,
    conversationId: row.id,
    otherUser: {
      _id: row.otherId,
      fullName: row.otherFullName,
      email: row.otherEmail,
      username: row.otherUsername,
      profilePicture: row.otherPicture,
    },
    lastMessage:
      row.lastCreatedAt === null
        ? null
        : {
            content: row.lastDeleted ? '' : (row.lastContent ?? ''),
            createdAt: iso(row.lastCreatedAt),
            deleted: row.lastDeleted === true,
            isMine: row.lastSenderId === viewerId,
          },
    unreadCount: row.unreadCount,
    status: row.status,
    requestedByMe: row.status !== 'active' && row.startedBy === viewerId,
  };
}
