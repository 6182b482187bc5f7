/**
 * PATCH /api/contests/:id/status and POST /api/votes/refund-contest/:contestId, by the organizer or
 * an admin:
 * - active → voting closes entries now (entryEndDate and votingStartDate brought forward to now);
 * - voting → ended brings votingEndDate forward to now and finalizes (winner, payout) in the same
 *   transaction; racing the scheduler is safe, the finalize claim lets only one of them pay;
 * - active or voting → cancelled refunds everything (cancelContest).
 */
import type { Actor } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { now } from '../../lib/clock.js';
import * as contestsRepo from '../contests/contests.repository.js';
import type { ContestRow } from '../contests/contests.repository.js';
import { assertCanManage, canSee } from '../contests/contest-access.js';
import { contestView } from '../contests/contest-reads.js';
import { CONTEST_MESSAGES } from '../contests/contests.messages.js';
import { statusForDates } from '../contests/phase.js';
import { cancelLocked, type CancelRefunds } from './cancel-contest.js';
import { finalizeLocked, type FinalizeOutcome } from './finalize-contest.js';
import { recordEvent } from '../../lib/events/index.js';
import { contestPhaseChanged } from './contest-settlement.events.js';

export interface StatusChangeResult {
  contest: Awaited<ReturnType<typeof contestView>>;
  message: string;
  finalized?: FinalizeOutcome | null;
  refunds?: CancelRefunds;
}

const ms = (d: Date) => d.getTime();

/** Refusals of a transition that is not allowed from where the contest stands (409). */
function refuseUnlessAllowed(row: ContestRow, target: 'voting' | 'ended' | 'cancelled', at: Date): void {
  const effective = statusForDates(row, at);
  if (row.status === 'draft') throw AppError.conflict(CONTEST_MESSAGES.draftStatus);
  if (row.status === 'cancelled') throw AppError.conflict(CONTEST_MESSAGES.cancelled);
  if (row.status === 'ended' || row.finalizedAt) throw AppError.conflict(CONTEST_MESSAGES.ended);
  switch (target) {
    case 'voting':
      if (effective === 'ended') throw AppError.conflict(CONTEST_MESSAGES.votingOver);
      if (row.status === 'voting' || effective === 'voting') throw AppError.conflict(CONTEST_MESSAGES.alreadyVoting);
      if (at < row.entryStartDate) throw AppError.conflict(CONTEST_MESSAGES.notOpenedYet);
      return;
    case 'ended':
      if (effective === 'active') throw AppError.conflict(CONTEST_MESSAGES.closeFirst);
      return;
    case 'cancelled':
      // Voting is over: the winner is owed the prize, so the contest ends rather than cancels.
      if (effective === 'ended') throw AppError.conflict(CONTEST_MESSAGES.ended);
      return;
  }
}

/** The contest under its row lock, if the actor may manage it (404 for what they may not see). */
async function lockManaged(tx: Tx, id: string, actor: Actor) {
  const row = await contestsRepo.getContestForUpdate(tx, id);
  if (!canSee(row, actor)) throw contestsRepo.contestNotFound();
  assertCanManage(row, actor);
  return row;
}

/**
 * Closes entries (→ voting) or ends voting (→ ended, finalized) of a contest, inside the caller's
 * transaction (the staff phase action audits in it too). Returns the finalize outcome when ended.
 */
export async function changeStatusInTx(
  tx: Tx,
  actor: Actor,
  id: string,
  status: 'voting' | 'ended',
  at: Date,
): Promise<{ before: ContestRow; finalized: FinalizeOutcome | null }> {
  const row = await lockManaged(tx, id, actor);
  refuseUnlessAllowed(row, status, at);

  if (status === 'voting') {
    // Each date only moves earlier, and the order of the four dates is kept (to the millisecond).
    const entryEndDate = new Date(Math.max(Math.min(ms(row.entryEndDate), ms(at)), ms(row.entryStartDate) + 1));
    const votingStartDate = new Date(Math.max(Math.min(ms(row.votingStartDate), ms(at)), ms(entryEndDate)));
    await contestsRepo.closeEntries(tx, id, { entryEndDate, votingStartDate }, at);
    await recordEvent(tx, contestPhaseChanged, { contestId: id, status: 'voting' }, { actorId: actor.userId });
    return { before: row, finalized: null };
  }
  const votingStartDate = new Date(Math.max(Math.min(ms(row.votingStartDate), ms(at)), ms(row.entryEndDate)));
  const votingEndDate = new Date(Math.max(Math.min(ms(row.votingEndDate), ms(at)), ms(votingStartDate) + 1));
  await contestsRepo.setVotingDates(tx, id, { votingStartDate, votingEndDate }, at);
  return { before: row, finalized: await finalizeLocked(tx, { ...row, votingStartDate, votingEndDate }, at) };
}

export async function changeContestStatus(
  ctx: AppContext,
  actor: Actor,
  id: string,
  change: { status: 'voting' | 'ended' | 'cancelled'; reason?: string | undefined },
): Promise<StatusChangeResult> {
  if (change.status === 'cancelled') return cancelContest(ctx, id, actor, change.reason);
  const target = change.status;
  const { finalized } = await ctx.db.transaction((tx) => changeStatusInTx(tx, actor, id, target, now()));
  const contest = await contestView(ctx.db, id, now());
  if (change.status === 'voting') return { contest, message: CONTEST_MESSAGES.closed };
  return { contest, message: CONTEST_MESSAGES.endedNow, finalized };
}

/**
 * Cancels an open contest (active or voting) with every refund in one transaction (cancel-contest.ts).
 * Organizer or admin only.
 */
export async function cancelContest(ctx: AppContext, contestId: string, actor: Actor, reason?: string): Promise<StatusChangeResult> {
  const refunds = await ctx.db.transaction(async (tx) => {
    const at = now();
    const row = await lockManaged(tx, contestId, actor);
    refuseUnlessAllowed(row, 'cancelled', at);
    return cancelLocked(tx, row, at, reason);
  });
  return { contest: await contestView(ctx.db, contestId, now()), message: CONTEST_MESSAGES.cancelledNow, refunds };
}

/**
 * Cancels a contest from the report queue (modules/moderation) in the caller's transaction, with
 * every refund (cancel-contest.ts), under the contest's row lock; the same refusals as the
 * organizer's cancel (409 once voting is over or the contest is already settled or cancelled).
 */
export async function cancelContestInTx(
  tx: Tx,
  contestId: string,
  reason: string,
): Promise<{ before: string; organizerId: string; refunds: CancelRefunds }> {
  const at = now();
  const row = await contestsRepo.getContestForUpdate(tx, contestId);
  if (!row) throw contestsRepo.contestNotFound();
  refuseUnlessAllowed(row, 'cancelled', at);
  return { before: row.status, organizerId: row.organizerId, refunds: await cancelLocked(tx, row, at, reason) };
}
