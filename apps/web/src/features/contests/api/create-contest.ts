import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContest, TCreateContest } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { toFormData } from '../lib/wizard';

export interface CreateContestInput {
  payload: TCreateContest;
  cover: File | null;
}

/** POST /contests (spec 001 §7): JSON, or multipart with the object fields as JSON strings when a cover is chosen. */
export const createContest = ({ payload, cover }: CreateContestInput) =>
  apiRequest<{ contest: TContest }>('/contests', {
    method: 'POST',
    body: cover ? toFormData(payload as unknown as Record<string, unknown>, cover) : payload,
  });

/** Lists of contests, the wallet and the dashboard figures all change when a contest is created. */
const STALE_AFTER_CREATE = /contest|wallet|dashboard|users/i;

export function useCreateContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContest,
    onSuccess: () => {
      void queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && STALE_AFTER_CREATE.test(q.queryKey[0]),
      });
    },
  });
}
