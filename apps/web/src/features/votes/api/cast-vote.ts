import { useMutation } from '@tanstack/react-query';
import type { TCastResult, TCastVote } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export type CastVoteInput = TCastVote & {
  /** One per vote attempt; a retry of the same attempt sends the same key so it counts once. */
  idempotencyKey: string;
};

/** POST /votes: the vote, the entry's new counters and what the voter may still cast. */
export const castVote = ({ idempotencyKey, ...body }: CastVoteInput) =>
  apiData<TCastResult>('/votes', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

export const useCastVote = () => useMutation({ mutationFn: castVote });
