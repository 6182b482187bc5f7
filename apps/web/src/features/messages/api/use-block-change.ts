import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, TBlockState } from '@contesthub/shared';
import { BLOCKS_KEY, refreshInbox } from './keys';

/** A block set or lifted: the block list and the inbox reload. */
export function useBlockChange(fn: (userId: string) => Promise<ApiSuccess<TBlockState>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY });
      void refreshInbox(queryClient);
    },
  });
}
