/**
 * Comment contracts (spec 000 §7 Comments): every answer of /api/comments, its list queries and the
 * edit body. The other request bodies (ZCreateComment, ZFlagComment, ZModerateComment,
 * ZCommentContent) are in contests.ts beside the other contest-page forms.
 */
import { z } from 'zod';
import { ZCommentContent } from './contests.js';
import { pageQuery, ZPagination } from './pagination.js';

export const COMMENT_STATUSES = ['active', 'flagged', 'hidden', 'deleted'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** An anonymous comment's author is `{ fullName: 'Anonymous' }` (no id, no picture). */
export const ZCommentAuthor = z.object({
  _id: z.string().optional(),
  fullName: z.string(),
  profilePicture: z.string().nullable().optional(),
});
export type TCommentAuthor = z.infer<typeof ZCommentAuthor>;

/** The comment as every answer shows it. */
export const ZComment = z.object({
  _id: z.string(),
  content: z.string(),
  author: ZCommentAuthor,
  settings: z.object({ isAnonymous: z.boolean() }),
  likes: z.number().int(),
  likedByMe: z.boolean(),
  stats: z.object({ likes: z.number().int() }),
  status: z.enum(COMMENT_STATUSES),
  parentComment: z.string().nullable(),
  contestId: z.string(),
  contest: z.object({ _id: z.string(), title: z.string() }),
  entry: z.string().nullable(),
  isMine: z.boolean(),
  createdAt: z.string(),
  timeAgo: z.string(),
  editedAt: z.string().nullable(),
  /** Only for moderators, admins and the contest's organizer. */
  moderation: z.object({ flagsCount: z.number().int(), pendingReasons: z.array(z.string()) }).optional(),
});
export type TComment = z.infer<typeof ZComment>;

export const ZCommentPage = z.object({ comments: z.array(ZComment), pagination: ZPagination });
export type TCommentPage = z.infer<typeof ZCommentPage>;

/** POST and DELETE /api/comments/:id/like. */
export const ZCommentLikeResult = z.object({ comment: ZComment, likesCount: z.number().int(), action: z.enum(['liked', 'unliked']) });
export type TCommentLikeResult = z.infer<typeof ZCommentLikeResult>;

/** DELETE /api/comments/:id and DELETE /api/contests/:id/comments/:commentId. */
export const ZCommentDeleted = z.object({ _id: z.string(), status: z.literal('deleted') });
export type TCommentDeleted = z.infer<typeof ZCommentDeleted>;

/** GET /api/comments/analytics (moderators and admins). */
export const ZCommentAnalytics = z.object({
  total: z.number().int(),
  byStatus: z.object({ active: z.number(), flagged: z.number(), hidden: z.number(), deleted: z.number() }),
  anonymous: z.number().int(),
  last7Days: z.number().int(),
  topContests: z.array(z.object({ contestId: z.string(), title: z.string(), comments: z.number().int() })),
});
export type TCommentAnalytics = z.infer<typeof ZCommentAnalytics>;

// ---------- requests ----------

/** PUT /api/comments/:id: the author edits the text. */
export const ZUpdateComment = z.object({ content: ZCommentContent });
export type TUpdateComment = z.infer<typeof ZUpdateComment>;

// ---------- queries ----------

const commentPage = pageQuery({ defaultLimit: 20 });

/** GET /api/comments. */
export const ZCommentListQuery = z.object({
  ...commentPage,
  entry: z.uuid().optional(),
  contest: z.uuid().optional(),
  author: z.uuid().optional(),
  parentComment: z.uuid().optional(),
  status: z.enum(COMMENT_STATUSES).optional(),
  sortBy: z.enum(['createdAt', 'likes']).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
/** GET /api/comments/my-comments. */
export const ZMyCommentsQuery = z.object(commentPage);
/** GET /api/comments/flagged. */
export const ZFlaggedCommentsQuery = z.object({ ...commentPage, contest: z.uuid().optional() });
/** GET /api/comments/contest/:id. */
export const ZContestCommentsQuery = z.object({ ...commentPage, status: z.enum(COMMENT_STATUSES).optional() });
