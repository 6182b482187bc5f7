/** The payment verification page's texts (spec 001 §5, §8). */
export const VERIFICATION_MESSAGES = {
  failed: 'Payment verification failed',
  unexpected: 'An error occurred during payment verification',
  notFound: 'This transaction has already been processed or does not exist. Please check your transaction history or try again later.',
  noReference: 'No payment reference found in URL',
} as const;
