import type { TEntryLikeResult } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** POST (like) or DELETE (unlike) /entries/{id}/like. */
export const likeEntry = ({ entryId, like }: { entryId: string; like: boolean }) =>
  apiData<TEntryLikeResult>(`/entries/${encodeURIComponent(entryId)}/like`, { method: like ? 'POST' : 'DELETE' });
