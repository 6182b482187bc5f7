import { PAYMENT_MESSAGES } from '@contesthub/shared';

/** The wallet screen's texts from spec 001 §8 (Wallet). */
export const WALLET_MESSAGES = {
  loadFailed: 'Failed to load wallet',
  transactionsFailed: 'Failed to load wallet transactions',
  created: 'Wallet created successfully',
  createFailed: 'Failed to create wallet',
} as const;

/** Deposit texts: the spec's failure (a server message is preferred when present, spec 001 §8). */
export const DEPOSIT_MESSAGES = {
  failed: PAYMENT_MESSAGES.initializeDepositFailed,
} as const;

/** Withdrawal and bank account texts (spec 001 §8 Wallet; a server message is preferred when present). */
export const WITHDRAW_MESSAGES = {
  done: 'Withdrawal processed successfully',
  /** Not given by the spec: the transfer left but the bank has not confirmed it yet. */
  submitted: 'Withdrawal submitted',
  failed: 'Failed to process withdrawal',
  bankAdded: 'Bank account added successfully',
  bankFailed: 'Failed to add bank account',
  /** Not given by the spec. */
  banksFailed: 'Failed to load banks',
  /** Not given by the spec. */
  withdrawalsFailed: 'Failed to load withdrawals',
  /** Not given by the spec: the resolve call failed without a message of its own. */
  resolveFailed: 'Could not find this account. Check the number and the bank.',
} as const;
