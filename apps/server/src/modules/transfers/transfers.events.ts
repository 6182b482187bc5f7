import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

/** Vote credits moved from one member to another (whole credits) for a naira fee (kobo); once per transfer. */
export const transferCompleted = defineEvent(
  'transfer.completed',
  z.object({
    reference: z.string(),
    fromUserId: z.uuid(),
    toUserId: z.uuid(),
    credits: z.number().int().positive(),
    feeKobo: z.number().int().nonnegative(),
  }),
  (p) => `user:${p.fromUserId}`,
);
