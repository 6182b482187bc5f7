import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

export const entrySubmitted = defineEvent(
  'entry.submitted',
  z.object({
    entryId: z.uuid(),
    contestId: z.uuid(),
    participantId: z.uuid(),
    organizerId: z.uuid(),
    status: z.enum(['pending', 'approved']),
  }),
  (p) => `contest:${p.contestId}`,
);

export const entryReviewed = defineEvent(
  'entry.reviewed',
  z.object({
    entryId: z.uuid(),
    contestId: z.uuid(),
    participantId: z.uuid(),
    reviewerId: z.uuid(),
    decision: z.enum(['approved', 'rejected']),
    reason: z.string().nullable(),
  }),
  (p) => `contest:${p.contestId}`,
);
