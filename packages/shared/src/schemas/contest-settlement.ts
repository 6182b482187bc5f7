/**
 * What ending a contest's life answers: PATCH /api/contests/:id/status (close entries, end and pay
 * the winner, or cancel and refund everything). The refunds of a cancellation are ZContestRefunds
 * (votes.ts), the same as POST /api/votes/refund-contest/:contestId answers.
 */
import { z } from 'zod';
import { ZContest } from './contest-views.js';
import { ZContestRefunds } from './votes.js';

/** The end of a contest: the winner's payout and the escrow fee (95 % / 5 %), and what went back to the organizer. */
export const ZContestFinalized = z.object({
  winnerEntryId: z.string().nullable(),
  prizePaid: z.number().int().meta({ description: 'Kobo paid to the winner' }),
  fee: z.number().int().meta({ description: 'Kobo kept as the escrow fee' }),
  refunded: z.number().int().meta({ description: 'Kobo returned to the organizer' }),
  badgeAwarded: z.boolean(),
});
export type TContestFinalized = z.infer<typeof ZContestFinalized>;

/** PATCH /api/contests/:id/status: `finalized` after ending, `refunds` after cancelling. */
export const ZContestStatusChanged = z.object({
  contest: ZContest,
  finalized: ZContestFinalized.nullable().optional(),
  refunds: ZContestRefunds.optional(),
});
export type TContestStatusChanged = z.infer<typeof ZContestStatusChanged>;
