/**
 * PUT /api/admin-tools/contests/{id}/phase {action, phase, until?, reason} (issue 15 item 5):
 *
 *   extend submission  entryEndDate moves to `until` (later than now and than the current end,
 *                      before voting ends; a voting start it passes moves with it); only while
 *                      entries are open or not yet open.
 *   extend voting      votingEndDate moves to `until` (later than now and the current end), while
 *                      the contest is running and voting is not over.
 *   close submission   the organizer's "close entries" (active → voting), through changeStatusInTx.
 *   close voting       the organizer's "end contest" (→ ended), which finalizes (winner, payout —
 *                      unless the payout is held) in the same transaction.
 *
 * Each in one transaction with its audit row (reason required).
 */
import { CONTEST_OPS_MESSAGES, type TContestPhaseAction, type TStaffContestSettings } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { appendAudit, type StaffActor } from '../audit/audit.js';
import { contestSettingsView } from '../contests/contest-settings.js';
import * as contestsRepo from '../contests/contests.repository.js';
import type { ContestRow } from '../contests/contests.repository.js';
import { phaseAt } from '../contests/phase.js';
import { changeStatusInTx } from './change-status.js';

const dates = (row: ContestRow) => ({
  status: row.status,
  entryEndDate: row.entryEndDate.toISOString(),
  votingStartDate: row.votingStartDate.toISOString(),
  votingEndDate: row.votingEndDate.toISOString(),
});

async function extend(tx: Tx, row: ContestRow, phase: 'submission' | 'voting', until: Date, at: Date): Promise<void> {
  const stage = phaseAt(row, at);
  if (stage === 'draft' || stage === 'cancelled') throw AppError.conflict(CONTEST_OPS_MESSAGES.notOpen);
  if (until <= at) throw AppError.badRequest(CONTEST_OPS_MESSAGES.untilInPast);
  if (phase === 'submission') {
    if (stage !== 'upcoming' && stage !== 'entries') throw AppError.conflict(CONTEST_OPS_MESSAGES.submissionOver);
    if (until <= row.entryEndDate) throw AppError.badRequest(CONTEST_OPS_MESSAGES.untilNotLater);
    if (until >= row.votingEndDate) throw AppError.conflict(CONTEST_OPS_MESSAGES.extendOverlaps);
    // Voting starts when entries close at the earliest: a start the new end passes moves with it.
    const votingStartDate = until > row.votingStartDate ? until : row.votingStartDate;
    await contestsRepo.setPhaseDates(tx, row.id, { entryEndDate: until, votingStartDate }, at);
    return;
  }
  if (stage === 'ended') throw AppError.conflict(CONTEST_OPS_MESSAGES.votingOver);
  if (until <= row.votingEndDate) throw AppError.badRequest(CONTEST_OPS_MESSAGES.untilNotLater);
  await contestsRepo.setPhaseDates(tx, row.id, { votingEndDate: until }, at);
}

export async function changeContestPhase(
  ctx: AppContext,
  actor: StaffActor,
  id: string,
  input: TContestPhaseAction,
): Promise<TStaffContestSettings> {
  if (!contestsRepo.isUuid(id)) throw contestsRepo.contestNotFound();
  await ctx.db.transaction(async (tx) => {
    const at = now();
    let before: ContestRow;
    if (input.action === 'extend') {
      before = await contestsRepo.getContestForUpdate(tx, id);
      await extend(tx, before, input.phase, new Date(input.until!), at);
    } else {
      if (input.phase === 'voting' && phaseAt(await contestsRepo.getContestForUpdate(tx, id), at) === 'awaiting_voting') {
        throw AppError.conflict(CONTEST_OPS_MESSAGES.votingNotStarted);
      }
      ({ before } = await changeStatusInTx(tx, actor, id, input.phase === 'submission' ? 'voting' : 'ended', at));
    }
    const after = await contestsRepo.getContestForUpdate(tx, id);
    await appendAudit(tx, actor, {
      action: 'contest.phase_change',
      targetType: 'contest',
      targetId: id,
      reason: input.reason,
      before: dates(before),
      after: { ...dates(after), action: input.action, phase: input.phase },
    });
  });
  return contestSettingsView(await contestsRepo.loadContest(ctx.db, id));
}
