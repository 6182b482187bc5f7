/** Editing an entry (its participant, while entries are open) and deleting one (participant, organizer, admin). */
import { unitsToCredits, type Actor } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { assertAcceptingEntries } from '../contests/phase.js';
import { ENTRY_MESSAGES } from './entries.messages.js';
import {
  deleteEntryRow,
  entryVoteRows,
  loadContest,
  loadEntry,
  refreshContestCounters,
  takeVotesOffContest,
  updateEntryRow,
} from './entries.repository.js';
import type { TEntry, TUpdateEntry } from '@contesthub/shared';
import { refundEntryFee } from './entry-fees.js';
import { deleteStored, mediaKeys } from './entry-media.js';
import { matchingEntryStatus } from './entry-reads.repository.js';
import { getEntry, requireContest, visibleTo } from './list-entries.js';

/** PUT /api/entries/:id: the participant, while the contest accepts entries; text and settings only. */
export async function updateEntry(ctx: AppContext, actor: Actor, id: string, input: TUpdateEntry): Promise<TEntry> {
  await ctx.db.transaction(async (tx) => {
    const entry = await loadEntry(tx, id, { lock: true });
    if (!entry) throw AppError.notFound(ENTRY_MESSAGES.notFound);
    if (entry.participantId !== actor.userId) {
      const visible = await matchingEntryStatus(tx, { id, visibleTo: visibleTo(actor) });
      if (!visible) throw AppError.notFound(ENTRY_MESSAGES.notFound);
      throw AppError.forbidden(ENTRY_MESSAGES.notYours);
    }
    const contest = await loadContest(tx, entry.contestId);
    if (!contest) throw AppError.notFound(ENTRY_MESSAGES.contestNotFound);
    assertAcceptingEntries(contest, now());
    if (entry.status !== 'pending' && entry.status !== 'approved') throw AppError.conflict(ENTRY_MESSAGES.notEditable);
    await updateEntryRow(tx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.tags !== undefined ? { tags: input.tags } : {}),
      ...(input.settings !== undefined ? { allowSharing: input.settings.allowSharing } : {}),
      updatedAt: now(),
    });
  });
  return getEntry(ctx, actor, id);
}

export interface DeleteResult {
  deleted: true;
  /** Vote credits returned to the participant (the entry fee), 0 when none. */
  refundedCredits: number;
}

/**
 * Deletes an entry. The participant may withdraw it while the contest accepts entries and it has
 * no votes (the fee is refunded). The contest's organizer and admins may remove any entry at any
 * time, except one holding paid votes (those credits must be refunded first, by the votes module);
 * the fee is refunded unless the contest was already finalized. Free votes go with the entry and
 * the contest's vote totals are corrected. The stored files are removed after the commit.
 *
 * `opts.contestId` serves DELETE /api/contests/:id/entries/:entryId (the entry must belong to it).
 */
export async function deleteEntry(
  ctx: AppContext,
  actor: Actor,
  entryId: string,
  opts: { contestId?: string } = {},
): Promise<DeleteResult> {
  const entry = await loadEntry(ctx.db, entryId);
  if (!entry || (opts.contestId && entry.contestId !== opts.contestId)) throw AppError.notFound(ENTRY_MESSAGES.notFound);
  const contest = await requireContest(ctx.db, entry.contestId);
  const isOwner = entry.participantId === actor.userId;
  const isManager = actor.role === 'admin' || contest.organizerId === actor.userId;
  if (!isOwner && !isManager) {
    if (entry.status !== 'approved') throw AppError.notFound(ENTRY_MESSAGES.notFound);
    throw AppError.forbidden(ENTRY_MESSAGES.notYours);
  }

  const { refunded, removed } = await ctx.db.transaction(async (tx) => {
    // Lock order everywhere in this module: contest row, then entry row.
    const lockedContest = await loadContest(tx, entry.contestId, { lock: true });
    const locked = await loadEntry(tx, entryId, { lock: true });
    if (!lockedContest || !locked) throw AppError.notFound(ENTRY_MESSAGES.notFound);
    // With the entry row locked no vote can be added to it (the votes foreign key waits on the lock).
    const voteInfo = await entryVoteRows(tx, entryId);
    const voteRows = voteInfo.rows;
    if (lockedContest.winnerEntryId === entryId) throw AppError.conflict(ENTRY_MESSAGES.isWinner);
    if (!isManager) {
      assertAcceptingEntries(lockedContest, now());
      if (locked.votesCount > 0 || voteRows > 0) throw AppError.conflict(ENTRY_MESSAGES.hasVotes);
    } else if (voteInfo.paidUnits > 0) {
      throw AppError.conflict(ENTRY_MESSAGES.hasPaidVotes);
    }
    const refundedUnits = lockedContest.finalizedAt
      ? 0
      : await refundEntryFee(tx, {
          entryId,
          contestId: lockedContest.id,
          participantId: locked.participantId,
          reason: isOwner ? 'entry withdrawn' : 'entry removed by the organizer',
        });
    await deleteEntryRow(tx, entryId);
    if (voteRows > 0) {
      // The entry's votes went with it (cascade): take its weight off the contest and recount voters.
      await takeVotesOffContest(tx, lockedContest.id, locked.weightedVotes);
    }
    await refreshContestCounters(tx, lockedContest.id);
    return { refunded: refundedUnits, removed: locked };
  });

  await deleteStored(ctx.storage, mediaKeys(ctx.storage, removed.media), ctx.log);
  return { deleted: true, refundedCredits: unitsToCredits(refunded) };
}
