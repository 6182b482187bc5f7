/**
 * What reporting a contest, an entry or a comment answers (POST /api/contests/:id/report and the
 * entry and comment variants). The report itself (reason, description) is ZReport in contests.ts.
 */
import { z } from 'zod';
import { REPORT_STATUSES } from '../enums.js';

export const REPORT_TARGET_TYPES = ['contest', 'entry', 'comment', 'user'] as const;
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
