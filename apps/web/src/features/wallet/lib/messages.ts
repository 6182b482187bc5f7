import { PAYMENT_MESSAGES } from '@contesthub/shared';

/** The wallet screen's texts from spec 001 §8 (Wallet). */
export const WALLET_MESSAGES = {
  loadFailed: 'Failed to load wallet',
  transactionsFailed: 'Failed to load wallet transactions',
  created: 'Wallet created successfully',
} as const;

/** Deposit texts: the spec's failure (a server message is preferred when present, spec 001 §8). */
export const DEPOSIT_MESSAGES = {
  failed: PAYMENT_MESSAGES.initializeDepositFailed,
} as const;
