import type { TBlockState } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useBlockChange } from './use-block-change';

/** DELETE /messages/block/{userId}. */
export const unblockUser = (userId: string) =>
  apiRequest<TBlockState>(`/messages/block/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export const useUnblockUser = () => useBlockChange(unblockUser);
