/** Response contracts of POST /api/wallet/deposit and /api/wallet/verify-deposit (documented in /api/docs). */
import { z } from 'zod';
import { ZWallet } from '@contesthub/shared';

export const ZDepositInitialized = z.object({
  /** The gateway's page (the sandbox checkout or Paystack's); the browser goes there. */
  authorizationUrl: z.string(),
  reference: z.string(),
  /** Kobo. */
  amount: z.number().int().meta({ description: 'Kobo.' }),
});

export const ZDepositVerified = z.object({
  wallet: ZWallet,
  deposit: z.object({
    reference: z.string(),
    /** Kobo credited. */
    amount: z.number().int().meta({ description: 'Kobo credited.' }),
    status: z.literal('success'),
    /** False when the deposit had already been credited (a replay): nothing new was added. */
    credited: z.boolean(),
    creditedAt: z.string(),
  }),
});
