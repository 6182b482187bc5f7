/** Comment rows → the wire: an anonymous author stays hidden except from admins and the author. */
import { formatRelativeTime, type Actor } from '@contesthub/shared';
import { now } from '../../lib/clock.js';
import type { CommentRow, CommentStatus } from './comments.repository.js';

export interface TCommentAuthor {
  _id?: string;
  fullName: string;
  profilePicture?: string | null;
}

export interface TComment {
  _id: string;
  content: string;
  author: TCommentAuthor;
  settings: { isAnonymous: boolean };
  likes: number;
  likedByMe: boolean;
  stats: { likes: number };
  status: CommentStatus;
  parentComment: string | null;
  contestId: string;
  contest: { _id: string; title: string };
  entry: string | null;
  isMine: boolean;
  createdAt: string;
  timeAgo: string;
  editedAt: string | null;
  /** Moderators and admins only: how often it was flagged and the reasons still pending review. */
  moderation?: { flagsCount: number; pendingReasons: string[] };
}

const ANONYMOUS = 'Anonymous';

export function toComment(row: CommentRow, viewer: Actor | undefined, withModeration = false): TComment {
  const { c } = row;
  const isMine = viewer?.userId === c.authorId;
  // An anonymous comment hides its author from everyone except admins (and the author).
  const revealAuthor = !c.isAnonymous || isMine || viewer?.role === 'admin';
  const at = now();
  return {
    _id: c.id,
    content: c.content,
    author: revealAuthor ? { _id: c.authorId, fullName: row.authorName, profilePicture: row.authorPicture } : { fullName: ANONYMOUS },
    settings: { isAnonymous: c.isAnonymous },
    likes: c.likesCount,
    likedByMe: !!row.likedByMe,
    stats: { likes: c.likesCount },
    status: c.status,
    parentComment: c.parentCommentId,
    contestId: c.contestId,
    contest: { _id: c.contestId, title: row.contestTitle },
    entry: c.entryId,
    isMine,
    createdAt: c.createdAt.toISOString(),
    timeAgo: formatRelativeTime(c.createdAt, at),
    editedAt: c.editedAt?.toISOString() ?? null,
    ...(withModeration ? { moderation: { flagsCount: c.flagsCount, pendingReasons: row.pendingReasons ?? [] } } : {}),
  };
}
