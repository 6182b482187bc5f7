/** Vote rows → the wire (credit units → credits happens here only). */
import { VOTE_WEIGHTS, unitsToCredits, type VoteType } from '@contesthub/shared';
import type { VoteListRow, VoteTotals } from './vote-reads.repository.js';
import type { VoteRow } from './votes.repository.js';

export interface TVote {
  _id: string;
  entryId: string;
  contestId: string;
  voteType: VoteType;
  amount: number;
  weight: number;
  weightedTotal: number;
  /** Vote credits spent (0 for free votes). */
  creditsSpent: number;
  isActive: boolean;
  createdAt: string;
  voter?: { _id: string; fullName: string; username: string; profilePicture: string | null };
  entry?: { _id: string; title: string };
  contest?: { _id: string; title: string };
}

export function toVote(
  v: Pick<VoteRow, 'id' | 'entryId' | 'contestId' | 'voteType' | 'amount' | 'weightedTotal' | 'creditCost' | 'isActive' | 'createdAt'>,
): TVote {
  return {
    _id: v.id,
    entryId: v.entryId,
    contestId: v.contestId,
    voteType: v.voteType,
    amount: v.amount,
    weight: VOTE_WEIGHTS[v.voteType],
    weightedTotal: v.weightedTotal,
    creditsSpent: unitsToCredits(v.creditCost),
    isActive: v.isActive,
    createdAt: v.createdAt.toISOString(),
  };
}

/** A listed vote with its entry and contest names, and its voter when the reader may see voters. */
export function toListVote(r: VoteListRow, withVoter: boolean): TVote {
  return {
    ...toVote(r.v),
    ...(withVoter ? { voter: { _id: r.v.voterId, fullName: r.voterName, username: r.voterUsername, profilePicture: r.voterPicture } } : {}),
    entry: { _id: r.v.entryId, title: r.entryTitle },
    contest: { _id: r.v.contestId, title: r.contestTitle },
  };
}

/** Totals of active votes as the answers show them (credits, ISO time). */
export function toVoteSummary(t: VoteTotals) {
  return {
    votes: t.votes,
    freeVotes: t.freeVotes,
    paidVotes: t.paidVotes,
    weightedVotes: t.weightedVotes,
    creditsSpent: unitsToCredits(t.creditUnits),
    uniqueVoters: t.uniqueVoters,
    lastVoteAt: t.lastVoteAt ? new Date(t.lastVoteAt).toISOString() : null,
  };
}
