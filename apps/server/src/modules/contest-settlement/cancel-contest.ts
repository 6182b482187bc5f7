/**
 * Cancelling an open contest: status cancelled and every refund in ONE transaction under the
 * contest's row lock — the escrowed prize and the badge fee to the organizer (contests), each active
 * paid vote's credits to its voter (votes), each entry fee still held to its participant (entries).
 * Each refund has its own reference in the module that owns the movement, so a retry has one effect.
 */
import { unitsToCredits, type ZContestRefunds } from '@contesthub/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { refundBadgeFee, refundEscrowToOrganizer } from '../contests/contest-funds.js';
import { markCancelled, type ContestRow } from '../contests/contests.repository.js';
import { refundContestEntryFees } from '../entries/entry-fees.js';
import { voidContestVotes } from '../votes/refund-vote.js';
import { recordEvent } from '../../lib/events/index.js';
import { contestCancelled } from './contest-settlement.events.js';

/** What cancelling gave back, in wire units (kobo for naira, vote credits for credits). */
export type CancelRefunds = z.infer<typeof ZContestRefunds>;

/** Cancels a contest whose row the caller holds FOR UPDATE (the caller checked the transition). */
export async function cancelLocked(tx: Tx, row: ContestRow, at: Date, reason: string | undefined): Promise<CancelRefunds> {
  await markCancelled(tx, row.id, at, reason?.trim() || null);
  const escrowRefunded = await refundEscrowToOrganizer(tx, row, 'cancel');
  const votes = await voidContestVotes(tx, row);
  const fees = await refundContestEntryFees(tx, row);
  const badgeUnits = await refundBadgeFee(tx, row, 'cancel');
  await recordEvent(tx, contestCancelled, { contestId: row.id, organizerId: row.organizerId, reason: reason?.trim() || null });
  return {
    escrowRefunded,
    votesRefunded: votes.votesRefunded,
    voteCreditsRefunded: unitsToCredits(votes.creditUnits),
    entryFeesRefunded: fees.refunded,
    entryFeeCreditsRefunded: unitsToCredits(fees.units),
    badgeFeeRefunded: unitsToCredits(badgeUnits),
  };
}
