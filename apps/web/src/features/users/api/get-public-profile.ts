import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicProfile } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { USERS_KEY } from './keys';

export const getPublicProfile = (userId: string) => apiData<TPublicProfile>(`/users/${encodeURIComponent(userId)}/public`);

export const publicProfileQuery = (userId: string) =>
  queryOptions({ queryKey: [...USERS_KEY, userId, 'public'], queryFn: () => getPublicProfile(userId) });

export const usePublicProfile = (userId: string) => useQuery(publicProfileQuery(userId));
