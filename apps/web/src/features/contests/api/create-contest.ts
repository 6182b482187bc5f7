import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContestAnswer, TCreateContest } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { toFormData } from '../lib/wizard';
import { refreshContests } from './keys';

export interface CreateContestInput {
  payload: TCreateContest;
  cover: File | null;
}

/** POST /contests (spec 001 §7): JSON, or multipart with the object fields as JSON strings when a cover is chosen. */
export const createContest = ({ payload, cover }: CreateContestInput) =>
  apiRequest<TContestAnswer>('/contests', {
    method: 'POST',
    body: cover ? toFormData(payload as unknown as Record<string, unknown>, cover) : payload,
  });

/** Every list of contests changes when one is created (the page refreshes the other views it moved). */
export function useCreateContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContest,
    onSuccess: () => {
      void refreshContests(queryClient);
    },
  });
}
