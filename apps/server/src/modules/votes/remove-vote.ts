/**
 * An admin removes a fraudulent vote: it is deactivated (kept for the record), the entry's and
 * contest's counters go down, and a paid vote's credits return to the voter (reference
 * `vote:refund:<voteId>`, the same a cancellation would use, so credits never return twice).
 * Only while the contest runs: after the end the result is final.
 */
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { lockContestChanges } from '../contests/contests.repository.js';
import { phaseAt } from '../contests/phase.js';
import type { CastResult } from './cast-vote.js';
import { refundVote } from './refund-vote.js';
import { toVote, type TVote } from './votes.dto.js';
import { voteRemoved } from './votes.events.js';
import { VOTE_MESSAGES } from './votes.messages.js';
import * as repo from './votes.repository.js';

export async function removeVote(ctx: AppContext, voteId: string): Promise<CastResult['entry'] & { vote: TVote }> {
  const known = await repo.voteOwner(ctx.db, voteId);
  if (!known) throw AppError.notFound(VOTE_MESSAGES.voteNotFound);
  return ctx.db.transaction(async (tx) => {
    await repo.lockVoter(tx, known.voterId);
    // The contest's change lock (votes in flight finish first), then its row before any entry row.
    await lockContestChanges(tx, known.contestId);
    const c = await repo.lockContestForVotes(tx, known.contestId);
    if (!c) throw AppError.notFound(VOTE_MESSAGES.contestNotFound);
    const phase = phaseAt(c, now());
    if (phase === 'ended' || phase === 'cancelled' || c.finalizedAt) throw AppError.badRequest(VOTE_MESSAGES.removeClosed);

    const vote = await repo.deactivateVote(tx, voteId);
    if (!vote) throw AppError.conflict(VOTE_MESSAGES.alreadyRemoved);
    await refundVote(tx, vote, 'Refund of a removed vote', 'removed by an admin');
    await recordEvent(tx, voteRemoved, {
      voteId: vote.id,
      contestId: vote.contestId,
      entryId: vote.entryId,
      voterId: vote.voterId,
      creditCost: vote.creditCost,
    });
    const counters = await repo.lowerEntryCounters(tx, vote);
    const left = await repo.activeVotesOf(tx, vote.contestId, vote.voterId);
    await repo.lowerContestCounters(tx, vote.contestId, vote.weightedTotal, left === 0);
    return { vote: toVote(vote), _id: vote.entryId, votesCount: counters?.votesCount ?? 0, weightedVotes: counters?.weightedVotes ?? 0 };
  });
}
