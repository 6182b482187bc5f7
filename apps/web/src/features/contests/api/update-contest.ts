import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContestAnswer, TUpdateContest } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { refreshContests } from './keys';

export interface UpdateContestInput {
  contestId: string;
  body: TUpdateContest;
  /** A new cover: the request becomes multipart with the other fields beside it. */
  cover?: File | null;
}

/** The body as multipart form fields: text as is, everything else (numbers, null, lists, objects) as JSON. */
export function toContestForm(body: TUpdateContest, cover: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  // The file goes last so a refused field is answered before the upload is read.
  form.append('coverImage', cover, cover.name);
  return form;
}

/** PUT /contests/{id}: JSON, or multipart when a new cover was chosen (spec 001 §7). */
export const updateContest = ({ contestId, body, cover }: UpdateContestInput) =>
  apiData<TContestAnswer>(`/contests/${encodeURIComponent(contestId)}`, {
    method: 'PUT',
    body: cover ? toContestForm(body, cover) : body,
  });

export const useUpdateContest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContest,
    // Not awaited: the dialog closes at once and the views refresh behind it.
    onSuccess: () => {
      void refreshContests(queryClient);
    },
  });
};
