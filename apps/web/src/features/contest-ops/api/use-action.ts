import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshContestOps } from './keys';

/** A staff action on the Contest Management page: every list reloads afterwards. */
export function useContestOpsAction<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => refreshContestOps(queryClient) });
}
