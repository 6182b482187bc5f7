import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMessageUnreadCount } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { MESSAGE_UNREAD_KEY } from './keys';

/** GET /messages/unread-count: unread messages and requests waiting for me. */
export const getMessageUnreadCount = () => apiData<TMessageUnreadCount>('/messages/unread-count');

export const messageUnreadQuery = () => queryOptions({ queryKey: MESSAGE_UNREAD_KEY, queryFn: getMessageUnreadCount, staleTime: 30_000 });

export const useMessageUnreadCount = () => useQuery(messageUnreadQuery());
