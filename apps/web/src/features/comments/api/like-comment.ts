import type { TCommentLikeResult } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** POST (like) or DELETE (unlike) /comments/{id}/like. */
export const likeComment = ({ commentId, like }: { commentId: string; like: boolean }) =>
  apiData<TCommentLikeResult>(`/comments/${encodeURIComponent(commentId)}/like`, { method: like ? 'POST' : 'DELETE' });
