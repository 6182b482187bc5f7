import { z } from 'zod';

/** GET /api/analytics/public-stats: totalPrizeAmount is in kobo like every amount on the wire. */
export const ZPublicStats = z.object({
  activeContests: z.number().int(),
  totalParticipants: z.number().int(),
  totalPrizeAmount: z.number().int().meta({ description: 'totalPrizeAmount, in kobo (integer; ₦1 = 100 kobo)' }),
  successRate: z.number(),
});
export type TPublicStats = z.infer<typeof ZPublicStats>;

export const ZHealth = z.object({ status: z.literal('ok'), db: z.literal('ok') });
/** GET /api/ready: this instance takes new requests (false while it drains before stopping). */
export const ZReadiness = z.object({ status: z.literal('ready'), db: z.literal('ok') });
