import { PAYMENT_MESSAGES } from '@contesthub/shared';

/** The payment verification page's texts (spec 001 §5, §8). */
export const VERIFICATION_MESSAGES = {
  failed: PAYMENT_MESSAGES.verificationFailed,
  unexpected: PAYMENT_MESSAGES.verificationError,
  notFound: PAYMENT_MESSAGES.transactionNotFound,
  noReference: PAYMENT_MESSAGES.noReferenceInUrl,
  /** Not given by the spec: the debug reset button forgot every remembered reference. */
  resetDone: 'Saved verification state cleared',
} as const;
