import { useQuery } from '@tanstack/react-query';
import type { TMessageSettings } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { MESSAGE_SETTINGS_KEY } from './keys';

/** GET /messages/settings: who can start a conversation with me. */
export const getMessageSettings = () => apiData<TMessageSettings>('/messages/settings');

export const useMessageSettings = () => useQuery({ queryKey: MESSAGE_SETTINGS_KEY, queryFn: getMessageSettings });
