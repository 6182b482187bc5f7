/**
 * What reporting a contest, an entry, a comment or a direct message answers (POST
 * /api/contests/:id/report, the entry and comment variants, POST /api/messages/:id/report). The
 * report itself (reason, description) is ZReport in contests.ts.
 */
import { z } from 'zod';
import { REPORT_STATUSES } from '../enums.js';

export const REPORT_TARGET_TYPES = ['contest', 'entry', 'comment', 'user', 'message'] as const;
export const REPORT_PRIORITIES = ['low', 'medium', 'high'] as const;

export const ZReportSubmitted = z.object({
  reportId: z.string(),
  status: z.enum(REPORT_STATUSES),
  priority: z.enum(REPORT_PRIORITIES),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  createdAt: z.string(),
});
export type TReportSubmitted = z.infer<typeof ZReportSubmitted>;

/**
 * What a report keeps beside the item for the moderator: for a reported message, the messages
 * around it (up to five before and five after, oldest first) as they were when it was reported.
 */
export const ZReportContext = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      senderId: z.string(),
      content: z.string(),
      createdAt: z.string(),
      /** The sender had deleted it for everyone (its content is gone). */
      deleted: z.boolean(),
      /** The message the report is about. */
      reported: z.boolean(),
    }),
  ),
});
export type TReportContext = z.infer<typeof ZReportContext>;
