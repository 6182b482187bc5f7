import type { QueryClient } from '@tanstack/react-query';

/** Every Security & Fraud query starts with this key. */
export const FRAUD_KEY = ['fraud'] as const;
export const HELD_VOTES_KEY = [...FRAUD_KEY, 'held'] as const;
export const FRAUD_SIGNALS_KEY = [...FRAUD_KEY, 'signals'] as const;
export const USER_VERIFICATION_KEY = [...FRAUD_KEY, 'verification'] as const;
export const SECURITY_LOGS_KEY = [...FRAUD_KEY, 'security-logs'] as const;

/** After a count or a void: the queue and the signals load again. */
export const refreshFraud = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: FRAUD_KEY });
