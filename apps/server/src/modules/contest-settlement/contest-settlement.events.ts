import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

/** Entries closed or voting opened (by the organizer or the scheduler). */
export const contestPhaseChanged = defineEvent(
  'contest.phase_changed',
  z.object({ contestId: z.uuid(), status: z.enum(['voting', 'ended']) }),
  (p) => `contest:${p.contestId}`,
);

/** A contest ended and was settled: its winner, what was paid (kobo) and the badge. */
export const contestFinalized = defineEvent(
  'contest.finalized',
  z.object({
    contestId: z.uuid(),
    organizerId: z.uuid(),
    winnerEntryId: z.uuid().nullable(),
    winnerUserId: z.uuid().nullable(),
    prizePaidKobo: z.number().int(),
    feeKobo: z.number().int(),
    refundedKobo: z.number().int(),
    badgeAwarded: z.boolean(),
  }),
  (p) => `contest:${p.contestId}`,
);

export const contestCancelled = defineEvent(
  'contest.cancelled',
  z.object({ contestId: z.uuid(), organizerId: z.uuid(), reason: z.string().nullable() }),
  (p) => `contest:${p.contestId}`,
);

/**
 * A held prize payout was released after the contest ended and paid then (payout-hold.ts): the
 * winner's prize (kobo, after the escrow fee), or the escrow returned to the organizer when there
 * was no winner. Not recorded for a release before the end (contest.finalized then says it).
 */
export const contestPrizeReleased = defineEvent(
  'contest.prize_released',
  z.object({
    contestId: z.uuid(),
    organizerId: z.uuid(),
    winnerUserId: z.uuid().nullable(),
    prizePaidKobo: z.number().int(),
    feeKobo: z.number().int(),
    refundedKobo: z.number().int(),
    actorId: z.uuid(),
  }),
  (p) => `contest:${p.contestId}`,
);
