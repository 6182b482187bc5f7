/**
 * Disqualifying an entry (the report queue, modules/moderation): status disqualified, so it leaves
 * the public lists, the ranking and the winner's pick (all read approved entries only) and takes no
 * more votes (cast_vote refuses an entry that is not approved); its paid entry fee goes back to the
 * participant once (the fee refund's reference is per entry, so an earlier rejection or a retry
 * refunds nothing more). Runs in the caller's transaction under the contest's row lock.
 */
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { refundEntryFee } from './entry-fees.js';
import { loadContest, loadEntry, refreshContestCounters, setEntryStatus } from './entries.repository.js';

export interface Disqualified {
  before: string;
  participantId: string;
  contestId: string;
  /** Credit units refunded by this call or an earlier one. */
  refundedUnits: number;
}

/** undefined when the entry does not exist; a disqualified entry stays so (the refund is not repeated). */
export async function disqualifyEntry(tx: Tx, entryId: string, actorId: string, reason: string): Promise<Disqualified | undefined> {
  const found = await loadEntry(tx, entryId);
  if (!found) return undefined;
  await loadContest(tx, found.contestId, { lock: true });
  const entry = await loadEntry(tx, entryId, { lock: true });
  if (!entry) return undefined;
  const at = now();
  if (entry.status !== 'disqualified') {
    await setEntryStatus(tx, entryId, {
      status: 'disqualified',
      rejectionReason: reason,
      reviewedAt: at,
      reviewedBy: actorId,
      updatedAt: at,
    });
    await refreshContestCounters(tx, entry.contestId);
  }
  const refundedUnits = await refundEntryFee(tx, {
    entryId,
    contestId: entry.contestId,
    participantId: entry.participantId,
    reason: 'entry disqualified',
  });
  return { before: entry.status, participantId: entry.participantId, contestId: entry.contestId, refundedUnits };
}
