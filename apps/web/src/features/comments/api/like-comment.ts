import { apiData } from '../../../lib/api';

/** What a like or unlike answers (the server's like answer; not yet in packages/shared). */
export interface CommentLikeResult {
  likesCount: number;
  action: 'liked' | 'unliked';
}

/** POST (like) or DELETE (unlike) /comments/{id}/like. */
export const likeComment = ({ commentId, like }: { commentId: string; like: boolean }) =>
  apiData<CommentLikeResult>(`/comments/${encodeURIComponent(commentId)}/like`, { method: like ? 'POST' : 'DELETE' });
