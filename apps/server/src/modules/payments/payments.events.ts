import type { PaymentPurpose } from '@contesthub/shared';
import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

/** A card payment was verified as paid in full and its value given (once per payment). */
export const paymentSettled = defineEvent(
  'payment.settled',
  z.object({
    paymentId: z.uuid(),
    reference: z.string(),
    purpose: z.enum(['deposit', 'credits', 'subscription'] as const satisfies readonly PaymentPurpose[]),
    userId: z.uuid(),
    amountKobo: z.number().int().positive(),
  }),
  (p) => `user:${p.userId}`,
);

/**
 * A card payment was declined (the gateway answered failed when it was verified): recorded once per
 * payment, on the change to failed. The payer may still pay it with another card in the same checkout.
 */
export const paymentFailed = defineEvent(
  'payment.failed',
  z.object({
    paymentId: z.uuid(),
    reference: z.string(),
    purpose: z.enum(['deposit', 'credits', 'subscription'] as const satisfies readonly PaymentPurpose[]),
    userId: z.uuid(),
    amountKobo: z.number().int().positive(),
    reason: z.string().nullable(),
  }),
  (p) => `user:${p.userId}`,
);
