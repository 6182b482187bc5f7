import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

/** A user replaced their payout account with a different one (the warning mail's cause). Only the last 4 digits are kept. */
export const bankAccountChanged = defineEvent(
  'wallet.bank_account_changed',
  z.object({ userId: z.uuid(), bankName: z.string(), accountLast4: z.string().length(4), at: z.string() }),
  (p) => `user:${p.userId}`,
);

/** A withdrawal reached a final state: paid out, or failed or reversed (its amount and fee given back). */
export const withdrawalSettled = defineEvent(
  'withdrawal.settled',
  z.object({
    withdrawalId: z.uuid(),
    userId: z.uuid(),
    reference: z.string(),
    status: z.enum(['success', 'failed', 'reversed']),
    amountKobo: z.number().int().positive(),
    feeKobo: z.number().int().nonnegative(),
  }),
  (p) => `user:${p.userId}`,
);
