import { PAYMENT_MESSAGES } from '@contesthub/shared';

/** The Transfer Credits screen's texts (spec 001 §5, §8 Transfers), verbatim. */
export const TRANSFER_TEXT = {
  historyFailed: 'Failed to load transfer history',
  searchFailed: 'Failed to search users',
  searchHint: 'Enter at least 2 characters to search',
  fieldsRequired: PAYMENT_MESSAGES.transferFieldsRequired,
  minimum: PAYMENT_MESSAGES.transferMinimum,
  /** What a 'Wallet not found' answer becomes on this screen. */
  createWalletFirst: 'You need to create a wallet first. Please go to the Wallet page to set up your wallet.',
  succeeded: (n: number) => `Successfully transferred to ${n} recipient(s)`,
  failed: (n: number) => `Failed to transfer to ${n} recipient(s)`,
  /** Not given by the spec: a failure without any words from the server. */
  transferFailed: 'Transfer failed. Please try again.',
} as const;
