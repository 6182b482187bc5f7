import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConversationList } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { REQUESTS_KEY } from './keys';

/** GET /messages/requests: message requests waiting for my answer, the most recent first. */
export const getMessageRequests = (signal?: AbortSignal) => apiData<TConversationList>('/messages/requests', { signal });

export const requestsQuery = () => queryOptions({ queryKey: REQUESTS_KEY, queryFn: ({ signal }) => getMessageRequests(signal) });

export const useMessageRequests = () => useQuery(requestsQuery());
