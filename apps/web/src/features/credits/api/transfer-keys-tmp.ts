/**
 * Query keys of the Transfer Credits screen. The balances live under 'wallet', so every refresh of the
 * wallet (a deposit, a purchase, the wallet page) refreshes them too.
 */
export const transferKeys = {
  balances: () => ['wallet', 'transfer-balances'] as const,
  search: (q: string) => ['credit-transfer', 'search', q] as const,
  history: () => ['credit-transfer', 'history'] as const,
  historyPage: (page: number, limit: number) => ['credit-transfer', 'history', { page, limit }] as const,
};
