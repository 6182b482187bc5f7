import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api';
import type { ContestComment } from './get-contest-comments';

export interface PostCommentInput {
  contestId: string;
  content: string;
  settings: { isAnonymous: boolean };
}

/** POST /comments: the new comment. */
export const postComment = (body: PostCommentInput) => apiData<ContestComment>('/comments', { method: 'POST', body });

export const usePostComment = () => useMutation({ mutationFn: postComment });
