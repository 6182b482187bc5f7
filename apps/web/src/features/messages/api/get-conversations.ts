import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConversationList } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { CONVERSATIONS_KEY } from './keys';

/** GET /messages/conversations: my conversations (and the requests I sent), the most recent first. */
export const getConversations = (signal?: AbortSignal) => apiData<TConversationList>('/messages/conversations', { signal });

export const conversationsQuery = () => queryOptions({ queryKey: CONVERSATIONS_KEY, queryFn: ({ signal }) => getConversations(signal) });

export const useConversations = () => useQuery(conversationsQuery());
