/** The vote dialog's rules: which vote types a contest takes, and the weight and cost of one call. */
import { countOf, PAID_VOTES_PER_CALL, VOTE_WEIGHTS, type TContest, type TRemainingVotes, type VoteType } from '@contesthub/shared';

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

/** The vote type the dialog starts on: free while free votes are left, else paid when the contest takes it. */
export function defaultVoteType(types: VoteType[], remaining: TRemainingVotes | undefined): VoteType {
  if (remaining && remaining.freeVotes === 0 && types.includes('paid')) return 'paid';
  return types[0] ?? 'free';
}

/**
 * What a contest's entry cards say about the signed-in voter's votes left: of any kind when the
 * contest caps them, else free ones (a paid-only contest without a cap: nothing to count).
 */
export function votesLeftText(remaining: TRemainingVotes, votingType: TContest['votingType']): string | null {
  if (remaining.totalVotes !== null) return remaining.totalVotes === 0 ? 'No votes left' : `${countOf(remaining.totalVotes, 'vote')} left`;
  if (votingType === 'paid') return null;
  return remaining.freeVotes === 0 ? 'No free votes left' : `${countOf(remaining.freeVotes, 'free vote')} left`;
}

/** Why this vote cannot be cast as it stands, said before it is sent; null when it can. */
export type VoteProblem = { kind: 'no-votes' | 'no-free-votes' | 'over-cap' | 'credits'; text: string };

export function voteProblem(input: {
  voteType: VoteType;
  amount: number;
  cost: number;
  balance: number;
  remaining: TRemainingVotes | undefined;
  paidAllowed: boolean;
}): VoteProblem | null {
  const { voteType, amount, cost, balance, remaining, paidAllowed } = input;
  if (remaining?.totalVotes === 0) return { kind: 'no-votes', text: 'You have used all your votes in this contest.' };
  if (voteType === 'free' && remaining?.freeVotes === 0) {
    return {
      kind: 'no-free-votes',
      text: paidAllowed
        ? 'You have no free votes left in this contest. Choose Paid Vote to vote with credits.'
        : 'You have no free votes left in this contest.',
    };
  }
  if (voteType === 'paid' && remaining && remaining.totalVotes !== null && amount > remaining.totalVotes) {
    return { kind: 'over-cap', text: `You can cast ${countOf(remaining.totalVotes, 'more vote')} in this contest.` };
  }
  if (voteType === 'paid' && cost > balance) {
    return {
      kind: 'credits',
      text: `Not enough vote credits: ${amount === 1 ? 'this vote costs' : 'these votes cost'} ${countOf(cost, 'credit')} and you have ${countOf(balance, 'credit')}.`,
    };
  }
  return null;
}
