import { useMutation } from '@tanstack/react-query';
import type { TComment, TCreateComment } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** POST /comments: the new comment. */
export const postComment = (body: TCreateComment) => apiData<TComment>('/comments', { method: 'POST', body });

export const usePostComment = () => useMutation({ mutationFn: postComment });
