/** The wallet screen's texts from spec 001 §8 (Wallet). */
export const WALLET_MESSAGES = {
  loadFailed: 'Failed to load wallet',
  transactionsFailed: 'Failed to load wallet transactions',
  created: 'Wallet created successfully',
} as const;
