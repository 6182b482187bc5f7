/**
 * The one refund of a paid vote, used by an admin's removal and by a contest's cancellation: the
 * credits go back from the revenue account the charge credited (a shard) to the voter, under the
 * vote's refund reference, so credits never return twice whoever asks.
 */
import type { CreditUnits } from '@contesthub/shared';
import type { Tx } from '../../db/client.js';
import { accounts } from '../ledger/accounts.js';
import { post } from '../ledger/ledger.js';
import { paidVoteRevenueAccount, voteRefundReference } from './vote-ledger.js';
import * as repo from './votes.repository.js';

export interface RefundableVote {
  id: string;
  voterId: string;
  contestId: string;
  entryId: string;
  /** Credit units the vote cost (0 for a free vote: nothing to refund). */
  creditCost: number;
}

/** Returns the credit units given back (0 for a free vote). */
export async function refundVote(tx: Tx, vote: RefundableVote, description: string, reason: string): Promise<number> {
  if (vote.creditCost <= 0) return 0;
  const revenue = await paidVoteRevenueAccount(tx, vote.id);
  await post(tx, {
    reference: voteRefundReference(vote.id),
    kind: 'vote_refund',
    description,
    metadata: { voteId: vote.id, contestId: vote.contestId, entryId: vote.entryId, reason },
    lines: [
      { account: revenue, amount: -vote.creditCost },
      { account: accounts.userCredits(vote.voterId), amount: vote.creditCost },
    ],
  });
  return vote.creditCost;
}

/**
 * A cancelled contest no longer counts its votes: every active vote is deactivated, each paid one
 * refunded, and the contest's and its entries' counters go to zero (they always equal the active
 * votes). The caller holds the contest row FOR UPDATE, as every vote writer takes it first.
 */
export async function voidContestVotes(
  tx: Tx,
  contest: { id: string; title: string },
): Promise<{ votesRefunded: number; creditUnits: CreditUnits }> {
  let votesRefunded = 0;
  let creditUnits = 0;
  for (const v of await repo.activePaidVotes(tx, contest.id)) {
    creditUnits += await refundVote(
      tx,
      { ...v, contestId: contest.id },
      `Vote refunded: "${contest.title}" was cancelled`,
      'contest cancelled',
    );
    votesRefunded += 1;
  }
  await repo.deactivateContestVotes(tx, contest.id);
  return { votesRefunded, creditUnits };
}
