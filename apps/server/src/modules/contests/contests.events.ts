import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

export const contestCreated = defineEvent(
  'contest.created',
  z.object({ contestId: z.uuid(), organizerId: z.uuid(), status: z.string() }),
  (p) => `contest:${p.contestId}`,
);

/** Someone reported a contest, an entry, a comment or a message (or flagged a comment): a report joined the moderation queue. */
export const reportFiled = defineEvent(
  'report.filed',
  z.object({
    reportId: z.uuid(),
    targetType: z.enum(['contest', 'entry', 'comment', 'user', 'message']),
    targetId: z.uuid(),
    /** The contest the item belongs to, when there is one. */
    contestId: z.uuid().nullable(),
    reporterId: z.uuid(),
    reason: z.string(),
  }),
  (p) => `report:${p.reportId}`,
);
