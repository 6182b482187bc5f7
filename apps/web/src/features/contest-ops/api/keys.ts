import type { QueryClient } from '@tanstack/react-query';

/** Every Contest Management query starts with this key. */
export const CONTEST_OPS_KEY = ['contest-ops'] as const;
export const PENDING_ENTRIES_KEY = [...CONTEST_OPS_KEY, 'pending-entries'] as const;
export const VOTING_MONITOR_KEY = [...CONTEST_OPS_KEY, 'voting-monitor'] as const;
export const PRIZES_KEY = [...CONTEST_OPS_KEY, 'prizes'] as const;
export const CONTEST_SETTINGS_KEY = [...CONTEST_OPS_KEY, 'settings'] as const;
export const ATTENTION_WITHDRAWALS_KEY = [...CONTEST_OPS_KEY, 'withdrawals'] as const;

/** After any staff action the page's lists load again (a phase change can move prizes and the monitor too). */
export const refreshContestOps = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: CONTEST_OPS_KEY });
