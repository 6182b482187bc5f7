/**
 * Every call of the contest page (spec 000 §2 Contest detail, §7): the contest, its entries,
 * leaderboard, comments and the caller's vote allowance, plus the submit, vote, like and comment
 * mutations. Query keys all start with contestKeys.all(id) so one invalidation reloads the page.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { EntryType, TContest, TEntry, VoteType } from '@contesthub/shared';
import { apiData, apiRequest } from '../../../lib/api';

export type EntrySort = 'newest' | 'oldest' | 'votes' | 'title';

export interface EntriesPage {
  entries: TEntry[];
  total: number;
  totalPages: number;
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

export interface LeaderboardRow {
  rank: number;
  entry: {
    _id: string;
    title: string;
    entryType: EntryType;
    thumbnailUrl: string | null;
    createdAt: string;
    participant: { _id: string; fullName: string; username: string; profilePicture: string | null; verified: boolean };
  };
  /** Weighted votes (free 1, paid 5 per vote). */
  votes: number;
  votesCount: number;
}

export interface ContestComment {
  _id: string;
  content: string;
  author: { _id?: string; fullName: string; profilePicture?: string | null };
  settings: { isAnonymous: boolean };
  likes: number;
  likedByMe: boolean;
  stats: { likes: number };
  createdAt: string;
  timeAgo: string;
  isMine: boolean;
}

export interface CommentsPage {
  comments: ContestComment[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

export interface VoteStats {
  me: { votesCast: number; freeVotesUsed: number; remaining: { freeVotes: number; totalVotes: number | null } } | null;
}

export interface CastVoteResult {
  vote: { amount: number; weight: number; weightedTotal: number; creditsSpent: number; voteType: VoteType };
  entry: { _id: string; votesCount: number; weightedVotes: number };
  remaining: { freeVotes: number; totalVotes: number | null };
  replayed: boolean;
}

export const ENTRIES_PAGE_SIZE = 24;
export const COMMENTS_PAGE_SIZE = 20;
export const LEADERBOARD_LIMIT = 50;

export const contestKeys = {
  all: (id: string) => ['contest-detail', id] as const,
  contest: (id: string) => ['contest-detail', id, 'contest'] as const,
  entries: (id: string) => ['contest-detail', id, 'entries'] as const,
  leaderboard: (id: string) => ['contest-detail', id, 'leaderboard'] as const,
  comments: (id: string) => ['contest-detail', id, 'comments'] as const,
  voteStats: (id: string) => ['contest-detail', id, 'vote-stats'] as const,
};

const path = (id: string) => encodeURIComponent(id);

export const contestQuery = (id: string) =>
  queryOptions({
    queryKey: contestKeys.contest(id),
    queryFn: async ({ signal }) => (await apiData<{ contest: TContest }>(`/contests/${path(id)}`, { signal })).contest,
  });
export const useContest = (id: string) => useQuery(contestQuery(id));

export const contestEntriesQuery = (id: string, sortBy: EntrySort) =>
  infiniteQueryOptions({
    queryKey: [...contestKeys.entries(id), sortBy],
    queryFn: ({ pageParam, signal }) =>
      apiData<EntriesPage>(`/entries/contest/${path(id)}`, { query: { page: pageParam, limit: ENTRIES_PAGE_SIZE, sortBy }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined),
  });
export const useContestEntries = (id: string, sortBy: EntrySort, enabled: boolean) =>
  useInfiniteQuery({ ...contestEntriesQuery(id, sortBy), enabled });

export const useLeaderboard = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: contestKeys.leaderboard(id),
    queryFn: async ({ signal }) =>
      (
        await apiData<{ leaderboard: LeaderboardRow[] }>(`/entries/contest/${path(id)}/leaderboard`, {
          query: { limit: LEADERBOARD_LIMIT },
          signal,
        })
      ).leaderboard,
    enabled,
  });

export const useContestComments = (id: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: contestKeys.comments(id),
    queryFn: ({ pageParam, signal }) =>
      apiData<CommentsPage>(`/comments/contest/${path(id)}`, { query: { page: pageParam, limit: COMMENTS_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined),
    enabled,
  });

/** What the signed-in caller may still cast in this contest (me is null for visitors). */
export const useVoteStats = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: contestKeys.voteStats(id),
    queryFn: ({ signal }) => apiData<VoteStats>(`/votes/contest/${path(id)}/stats`, { signal }),
    enabled,
  });

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
  return apiRequest<{ entry: TEntry; status: TEntry['status']; requiresApproval: boolean }>('/entries', { method: 'POST', body: form });
};
export const useSubmitEntry = () => useMutation({ mutationFn: submitEntry });

export interface CastVoteInput {
  entryId: string;
  contestId: string;
  voteType: VoteType;
  amount: number;
  /** One per vote attempt; a retry of the same attempt sends the same key so it counts once. */
  idempotencyKey: string;
}
export const castVote = ({ idempotencyKey, ...body }: CastVoteInput) =>
  apiData<CastVoteResult>('/votes', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
export const useCastVote = () => useMutation({ mutationFn: castVote });

export const likeEntry = ({ entryId, like }: { entryId: string; like: boolean }) =>
  apiData<{ likesCount: number; action: 'liked' | 'unliked' }>(`/entries/${path(entryId)}/like`, { method: like ? 'POST' : 'DELETE' });

export const likeComment = ({ commentId, like }: { commentId: string; like: boolean }) =>
  apiData<{ likesCount: number; action: 'liked' | 'unliked' }>(`/comments/${path(commentId)}/like`, { method: like ? 'POST' : 'DELETE' });

export const postComment = (body: { contestId: string; content: string; settings: { isAnonymous: boolean } }) =>
  apiData<ContestComment>('/comments', { method: 'POST', body });
export const usePostComment = () => useMutation({ mutationFn: postComment });
