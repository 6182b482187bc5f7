import { PAYMENT_MESSAGES } from '@contesthub/shared';

/** The Subscription screens' texts (spec 001 §4, §5, §8 Subscription), verbatim unless marked. */
export const SUBSCRIPTION_TEXT = {
  pricingFailed: 'Failed to load pricing information',
  currentFailed: 'Failed to load subscription information',
  noPaymentUrl: 'Failed to get payment URL. Please try again.',
  initializeFailed: 'Failed to initialize payment',
  cancelFailed: 'Failed to cancel subscription',
  extendFailed: 'Failed to extend subscription',
  activated: 'Subscription activated successfully!',
  cancelled: 'Subscription cancelled successfully',
  extended: 'Subscription extended successfully',
  selectTier: PAYMENT_MESSAGES.selectTier,
  autoRenewSoon: 'Auto renewal toggle coming soon',
  noReference: 'No payment reference found',
  verificationFailed: PAYMENT_MESSAGES.verificationFailed,
  /** Not given by the spec (its history was a placeholder). */
  historyFailed: 'Failed to load subscription history',
} as const;

/** The fixed reason sent with a cancellation (spec 001 §7: "fixed user-requested text"). */
export const CANCEL_REASON = 'Cancelled at user request';
