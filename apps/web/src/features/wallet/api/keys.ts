import type { QueryClient } from '@tanstack/react-query';

/**
 * Every wallet query starts with this key (the wallet, its stats, movements and withdrawals), so one
 * invalidation refreshes every view of the naira balance and the vote credits the wallet reports.
 */
export const WALLET_KEY = ['wallet'] as const;

/** After money moved (a payment, a transfer, a prize, a refund): every wallet view is stale. */
export const refreshWallet = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: WALLET_KEY });
