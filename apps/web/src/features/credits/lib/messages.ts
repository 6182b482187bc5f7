/** Vote credit texts (spec 001 §8 Vote credits). */
export const CREDIT_MESSAGES = {
  packagesFailed: 'Failed to load vote credit packages',
  transactionsFailed: 'Failed to load transactions',
  statsFailed: 'Failed to load statistics',
  verifySomeFailed: 'Failed to verify some transactions',
  paymentFailed: 'Failed to initialize payment. Please try again.',
  invalidInitialization: 'Invalid payment initialization response',
  verified: 'Payment Verified!',
} as const;
