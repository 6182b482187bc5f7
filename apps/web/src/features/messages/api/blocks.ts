import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, TBlockList, TBlockState } from '@contesthub/shared';
import { apiData, apiRequest } from '../../../lib/api';
import { BLOCKS_KEY, refreshInbox } from './keys';

/** GET /messages/blocks: the members I blocked. */
export const getBlocks = () => apiData<TBlockList>('/messages/blocks');
/** POST /messages/block {userId}. */
export const blockUser = (userId: string) => apiRequest<TBlockState>('/messages/block', { method: 'POST', body: { userId } });
/** DELETE /messages/block/{userId}. */
export const unblockUser = (userId: string) =>
  apiRequest<TBlockState>(`/messages/block/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export const useBlocks = () => useQuery({ queryKey: BLOCKS_KEY, queryFn: getBlocks });

function useBlockChange(fn: (userId: string) => Promise<ApiSuccess<TBlockState>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY });
      void refreshInbox(queryClient);
    },
  });
}
export const useBlockUser = () => useBlockChange(blockUser);
export const useUnblockUser = () => useBlockChange(unblockUser);
