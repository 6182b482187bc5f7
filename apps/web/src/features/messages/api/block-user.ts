import type { TBlockState } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useBlockChange } from './use-block-change';

/** POST /messages/block {userId}: neither can message the other. */
export const blockUser = (userId: string) => apiRequest<TBlockState>('/messages/block', { method: 'POST', body: { userId } });

export const useBlockUser = () => useBlockChange(blockUser);
