import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

export const commentPosted = defineEvent(
  'comment.posted',
  z.object({
    commentId: z.uuid(),
    contestId: z.uuid(),
    entryId: z.uuid().nullable(),
    authorId: z.uuid(),
    parentCommentId: z.uuid().nullable(),
    isAnonymous: z.boolean(),
  }),
  (p) => `contest:${p.contestId}`,
);

/**
 * A moderator, an admin or the contest's organizer decided on a comment through the comment
 * moderation (PATCH /api/comments/:id/moderate), closing its open reports: the reporters are told
 * the outcome (notification report_outcome), the author that it was hidden or restored.
 */
export const commentModerated = defineEvent(
  'comment.moderated',
  z.object({
    commentId: z.uuid(),
    contestId: z.uuid(),
    authorId: z.uuid(),
    action: z.enum(['approve', 'hide', 'delete']),
    before: z.enum(['active', 'flagged', 'hidden', 'deleted']),
    /** The reports this decision closed and their reporters. */
    reportIds: z.array(z.uuid()),
    reporterIds: z.array(z.uuid()),
    actorId: z.uuid(),
  }),
  (p) => `contest:${p.contestId}`,
);
