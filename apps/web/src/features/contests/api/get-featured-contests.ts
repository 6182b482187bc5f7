import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type TFeaturedContests } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { CONTESTS_KEY } from './keys';

export const getFeaturedContests = (limit: number) => apiData<TFeaturedContests>('/contests/featured', { query: { limit } });

export const featuredContestsQuery = (limit: number = PAGE_SIZES.homeFeatured) =>
  queryOptions({ queryKey: [...CONTESTS_KEY, 'featured', limit], queryFn: () => getFeaturedContests(limit), staleTime: 60_000 });

export const useFeaturedContests = (limit: number = PAGE_SIZES.homeFeatured) => useQuery(featuredContestsQuery(limit));
