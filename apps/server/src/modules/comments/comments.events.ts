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
