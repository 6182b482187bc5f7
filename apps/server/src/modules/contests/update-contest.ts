/** PUT /api/contests/:id: what an edit may change, and when (see nextDates and updateContest). */
import type { Actor, TContest, TUpdateContest } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { assertCanManage, canSee } from './contest-access.js';
import { contestView } from './contest-reads.js';
import { CONTEST_MESSAGES, fieldError } from './contests.messages.js';
import * as repo from './contests.repository.js';
import type { ContestRow } from './contests.repository.js';
import type { StoredImageSet } from '../../lib/images.js';
import { discardCover, removeCover, storeCover } from './contests.upload.js';
import { phaseAt, statusForDates } from './phase.js';

function assertEditable(row: ContestRow, at: Date): void {
  const status = statusForDates(row, at);
  if (status === 'cancelled') throw AppError.conflict(CONTEST_MESSAGES.cancelledNoEdit);
  if (status === 'ended' || row.finalizedAt) throw AppError.conflict(CONTEST_MESSAGES.endedNoEdit);
}

type Dates = Pick<ContestRow, 'entryStartDate' | 'entryEndDate' | 'votingStartDate' | 'votingEndDate'>;

/**
 * New dates for an edit (spec 001 §5 edit dialog), judged against the contest as it stands:
 * - the entry start date is fixed once entries have opened;
 * - the entry end date is fixed once entries have closed, and otherwise must stay in the future
 *   (closing entries early is PATCH status voting, which also opens voting);
 * - the voting start date is fixed once voting has started, and may not be set in the past;
 * - the voting end date must stay in the future (ending early is PATCH status ended);
 * - the order entry start < entry end ≤ voting start < voting end always holds.
 */
function nextDates(row: ContestRow, input: TUpdateContest, at: Date): Dates {
  const next: Dates = {
    entryStartDate: input.entryStartDate ? new Date(input.entryStartDate) : row.entryStartDate,
    entryEndDate: input.entryEndDate ? new Date(input.entryEndDate) : row.entryEndDate,
    votingStartDate: input.votingStartDate ? new Date(input.votingStartDate) : row.votingStartDate,
    votingEndDate: input.votingEndDate ? new Date(input.votingEndDate) : row.votingEndDate,
  };
  const changed = (k: keyof Dates) => next[k].getTime() !== row[k].getTime();
  const phase = phaseAt(row, at);
  const entriesOpened = phase !== 'upcoming';
  const entriesClosed = phase === 'awaiting_voting' || phase === 'voting';

  if (changed('entryStartDate') && entriesOpened) throw AppError.conflict(CONTEST_MESSAGES.startLocked);
  if (changed('entryEndDate')) {
    if (entriesClosed) throw AppError.conflict(CONTEST_MESSAGES.entryEndLocked);
    if (next.entryEndDate <= at) throw fieldError('entryEndDate', CONTEST_MESSAGES.entryEndPast);
  }
  if (changed('votingStartDate')) {
    if (phase === 'voting') throw AppError.conflict(CONTEST_MESSAGES.votingStartLocked);
    if (next.votingStartDate < at) throw fieldError('votingStartDate', CONTEST_MESSAGES.votingStartPast);
  }
  if (changed('votingEndDate') && next.votingEndDate <= at) throw fieldError('votingEndDate', CONTEST_MESSAGES.votingEndPast);

  if (next.entryEndDate <= next.entryStartDate) throw fieldError('entryEndDate', 'Entry end date must be after the entry start date');
  if (next.votingStartDate < next.entryEndDate) throw fieldError('votingStartDate', 'Voting cannot start before entries close');
  if (next.votingEndDate <= next.votingStartDate) throw fieldError('votingEndDate', 'Voting end date must be after the voting start date');
  return next;
}

/**
 * PUT /api/contests/:id by the organizer or an admin. Prize, fees, entry type and voting rules
 * are fixed once the contest exists (money is in escrow, entries match the type); see
 * ZUpdateContest. A new cover replaces the old one, whose file is removed after the commit.
 */
export async function updateContest(ctx: AppContext, actor: Actor, id: string, input: TUpdateContest, cover?: Buffer): Promise<TContest> {
  // Checked before a file is stored; checked again under the lock below.
  const current = await repo.findContest(ctx.db, id);
  if (!current || !canSee(current, actor)) throw repo.contestNotFound();
  assertCanManage(current, actor);
  assertEditable(current, now());

  const stored = await storeCover(ctx, id, cover);

  let previousCover: { coverImage: string | null; coverImageSet: StoredImageSet | null } | null = null;
  try {
    previousCover = await ctx.db.transaction(async (tx) => {
      const at = now();
      const row = await repo.getContestForUpdate(tx, id);
      assertCanManage(row, actor);
      assertEditable(row, at);
      const dates = nextDates(row, input, at);

      const category = input.category ?? row.category;
      const customCategory = category === 'other' ? (input.customCategory ?? row.customCategory) : null;
      if (category === 'other' && !customCategory?.trim()) throw fieldError('customCategory', CONTEST_MESSAGES.customCategory);
      if (input.maxParticipants != null && input.maxParticipants < row.totalEntries) {
        throw fieldError('maxParticipants', CONTEST_MESSAGES.maxBelowEntries(row.totalEntries));
      }

      await repo.updateContestRow(tx, id, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        category,
        customCategory,
        ...(input.maxParticipants !== undefined ? { maxParticipants: input.maxParticipants } : {}),
        ...(input.rules !== undefined ? { rules: input.rules } : {}),
        ...(input.tags !== undefined ? { tags: input.tags } : {}),
        ...(input.restrictions !== undefined ? { restrictions: input.restrictions } : {}),
        // requireApproval mirrors entryReview, which an edit cannot change.
        ...(input.settings !== undefined ? { settings: { ...input.settings, requireApproval: row.entryReview === 'review' } } : {}),
        ...(stored ? { coverImage: stored.url, coverImageSet: stored.set } : {}),
        ...dates,
        updatedAt: at,
      });
      return { coverImage: row.coverImage, coverImageSet: row.coverImageSet };
    });
  } catch (err) {
    await discardCover(ctx, stored);
    throw err;
  }

  if (stored && previousCover) await removeCover(ctx, id, previousCover);
  return contestView(ctx.db, id, now());
}
