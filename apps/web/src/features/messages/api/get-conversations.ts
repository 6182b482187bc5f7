import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConversationList } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { CONVERSATIONS_KEY, REQUESTS_KEY } from './keys';

/** GET /messages/conversations: my conversations (and the requests I sent), the most recent first. */
export const getConversations = (signal?: AbortSignal) => apiData<TConversationList>('/messages/conversations', { signal });
/** GET /messages/requests: message requests waiting for my answer. */
export const getMessageRequests = (signal?: AbortSignal) => apiData<TConversationList>('/messages/requests', { signal });

export const conversationsQuery = () => queryOptions({ queryKey: CONVERSATIONS_KEY, queryFn: ({ signal }) => getConversations(signal) });
export const requestsQuery = () => queryOptions({ queryKey: REQUESTS_KEY, queryFn: ({ signal }) => getMessageRequests(signal) });

export const useConversations = () => useQuery(conversationsQuery());
export const useMessageRequests = () => useQuery(requestsQuery());
