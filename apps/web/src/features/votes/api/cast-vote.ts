import { useMutation } from '@tanstack/react-query';
import type { VoteType } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** What POST /votes answers (the server's cast result; not yet in packages/shared). */
export interface CastVoteResult {
  vote: { amount: number; weight: number; weightedTotal: number; creditsSpent: number; voteType: VoteType };
  entry: { _id: string; votesCount: number; weightedVotes: number };
  remaining: { freeVotes: number; totalVotes: number | null };
  replayed: boolean;
}

export interface CastVoteInput {
  entryId: string;
  contestId: string;
  voteType: VoteType;
  amount: number;
  /** One per vote attempt; a retry of the same attempt sends the same key so it counts once. */
  idempotencyKey: string;
}

export const castVote = ({ idempotencyKey, ...body }: CastVoteInput) =>
  apiData<CastVoteResult>('/votes', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

export const useCastVote = () => useMutation({ mutationFn: castVote });
