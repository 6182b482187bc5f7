import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { TComment, TCommentPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const COMMENTS_PAGE_SIZE = 20;

/** Every comments query of one contest starts with this key. */
export const contestCommentsKey = (contestId: string) => ['comments', 'contest', contestId] as const;

export const getContestComments = (contestId: string, page: number, signal?: AbortSignal) =>
  apiData<TCommentPage>(`/comments/contest/${encodeURIComponent(contestId)}`, { query: { page, limit: COMMENTS_PAGE_SIZE }, signal });

export const useContestComments = (contestId: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: contestCommentsKey(contestId),
    queryFn: ({ pageParam, signal }) => getContestComments(contestId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined),
    enabled,
  });

/** Writes one comment's fresh figures into the loaded pages. */
export function patchContestComment(
  queryClient: QueryClient,
  contestId: string,
  commentId: string,
  patch: (c: TComment) => TComment,
): void {
  queryClient.setQueryData<InfiniteData<TCommentPage, number>>(contestCommentsKey(contestId), (data) =>
    data
      ? { ...data, pages: data.pages.map((p) => ({ ...p, comments: p.comments.map((c) => (c._id === commentId ? patch(c) : c)) })) }
      : data,
  );
}

export const refreshContestComments = (queryClient: QueryClient, contestId: string) =>
  queryClient.invalidateQueries({ queryKey: contestCommentsKey(contestId) });
