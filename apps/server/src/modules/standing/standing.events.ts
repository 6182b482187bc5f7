/**
 * What happens to an account's standing (issue 15): a strike issued, an appeal decided. The
 * notifications of the person (account_strike, appeal_decided) are made from these.
 */
import { z } from 'zod';
import { STRIKE_KINDS } from '@contesthub/shared';
import { defineEvent } from '../../lib/events/index.js';

/** A staff member gave an account a strike; `reason` is what the person is shown. */
export const strikeIssued = defineEvent(
  'strike.issued',
  z.object({ strikeId: z.uuid(), userId: z.uuid(), kind: z.enum(STRIKE_KINDS), reason: z.string(), at: z.string() }),
  (p) => `user:${p.userId}`,
);

/** A staff member decided an appeal of a strike. */
export const appealDecided = defineEvent(
  'appeal.decided',
  z.object({
    appealId: z.uuid(),
    strikeId: z.uuid(),
    userId: z.uuid(),
    kind: z.enum(STRIKE_KINDS),
    decision: z.enum(['approved', 'rejected']),
    note: z.string(),
    at: z.string(),
  }),
  (p) => `user:${p.userId}`,
);
