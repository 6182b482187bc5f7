/** The vote dialog's rules: which vote types a contest takes, and the weight and cost of one call. */
import { PAID_VOTES_PER_CALL, VOTE_WEIGHTS, type TContest, type VoteType } from '@contesthub/shared';

/** The vote types a contest takes: free only, paid only, otherwise both. */
export function voteTypesFor(votingType: TContest['votingType']): VoteType[] {
  if (votingType === 'free') return ['free'];
  if (votingType === 'paid') return ['paid'];
  return ['free', 'paid'];
}

export const clampPaidCount = (n: number) =>
  Math.min(PAID_VOTES_PER_CALL.max, Math.max(PAID_VOTES_PER_CALL.min, Number.isFinite(n) ? Math.trunc(n) : PAID_VOTES_PER_CALL.min));

/** Weight per vote, total weight and credit cost of one vote call. */
export function voteMath(voteType: VoteType, count: number, votingFeeAmount: number) {
  const amount = voteType === 'free' ? 1 : clampPaidCount(count);
  const weight = VOTE_WEIGHTS[voteType];
  return { amount, weight, totalWeight: weight * amount, cost: voteType === 'paid' ? votingFeeAmount * amount : 0 };
}
