import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONTEST_OPS_PAGE_SIZE, type TStaffContestSettingsPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { CONTEST_SETTINGS_KEY } from './keys';

/** GET /admin-tools/contests/settings: running contests with their featured flag and phase dates, 10 a page. */
export const getContestSettings = (page: number, signal?: AbortSignal) =>
  apiData<TStaffContestSettingsPage>('/admin-tools/contests/settings', { query: { page, limit: CONTEST_OPS_PAGE_SIZE }, signal });

export const useContestSettings = (page: number) =>
  useQuery({
    queryKey: [...CONTEST_SETTINGS_KEY, page],
    queryFn: ({ signal }) => getContestSettings(page, signal),
    placeholderData: keepPreviousData,
  });
