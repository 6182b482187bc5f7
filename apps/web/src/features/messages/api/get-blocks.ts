import { useQuery } from '@tanstack/react-query';
import type { TBlockList } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { BLOCKS_KEY } from './keys';

/** GET /messages/blocks: the members I blocked, most recent first. */
export const getBlocks = () => apiData<TBlockList>('/messages/blocks');

export const useBlocks = () => useQuery({ queryKey: BLOCKS_KEY, queryFn: getBlocks });
