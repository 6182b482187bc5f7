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
