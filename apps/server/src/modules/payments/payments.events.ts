import type { PaymentPurpose } from '@contesthub/shared';
import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

/** Which payment: what both outcomes say about it. */
const payment = z.object({
  paymentId: z.uuid(),
  reference: z.string(),
  purpose: z.enum(['deposit', 'credits', 'subscription'] as const satisfies readonly PaymentPurpose[]),
  userId: z.uuid(),
  amountKobo: z.number().int().positive(),
});

/** A card payment was verified as paid in full and its value given (once per payment). */
export const paymentSettled = defineEvent('payment.settled', payment, (p) => `user:${p.userId}`);

/**
 * A card payment was refused for good by the gateway's answer (declined) or by us (paid with another
 * amount or currency: never given value, refunded by support). Once per payment and outcome.
 */
export const paymentFailed = defineEvent(
  'payment.failed',
  payment.extend({
    outcome: z.enum(['failed', 'mismatched']),
    /** What the gateway said ('Declined', 'Insufficient funds'), when it said something. */
    reason: z.string().nullable(),
  }),
  (p) => `user:${p.userId}`,
);
