import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshContestEntries } from './keys';

/**
 * An organizer's review decision: on success the contest's entries refresh (the review screen, its
 * tiles, the public list and leaderboard); `onDecided` lets the page refresh what else it shows.
 */
export function useReviewDecision<I extends { contestId: string }, R>(mutationFn: (input: I) => Promise<R>, onDecided?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, input) => {
      void refreshContestEntries(queryClient, input.contestId);
      onDecided?.();
    },
  });
}
