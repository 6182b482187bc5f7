import { apiData } from '../../../lib/api';

/** What a like or unlike answers (the server's ZLikeResult; not yet in packages/shared). */
export interface LikeResult {
  likesCount: number;
  action: 'liked' | 'unliked';
}

/** POST (like) or DELETE (unlike) /entries/{id}/like. */
export const likeEntry = ({ entryId, like }: { entryId: string; like: boolean }) =>
  apiData<LikeResult>(`/entries/${encodeURIComponent(entryId)}/like`, { method: like ? 'POST' : 'DELETE' });
