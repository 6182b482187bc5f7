import { useMutation } from '@tanstack/react-query';
import type { EntryType, TSubmitEntryResult } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';

export interface SubmitEntryInput {
  contestId: string;
  title: string;
  description: string;
  entryType: EntryType;
  allowSharing: boolean;
  files: File[];
}

/** POST /entries as multipart; the fields go before the files so a refusal comes before the upload. */
export const submitEntry = (input: SubmitEntryInput) => {
  const form = new FormData();
  form.append('contestId', input.contestId);
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('entryType', input.entryType);
  form.append('settings', JSON.stringify({ allowSharing: input.allowSharing }));
  for (const file of input.files) form.append('files', file, file.name);
  return apiRequest<TSubmitEntryResult>('/entries', { method: 'POST', body: form });
};

export const useSubmitEntry = () => useMutation({ mutationFn: submitEntry });
