import { paths } from '@contesthub/shared';

/**
 * Leaving the app for the payment gateway goes through here, so tests can watch the redirect
 * without jsdom trying to navigate.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Where the gateway sends the browser back after a deposit (spec 001 §7: POST /wallet/deposit {amount, callbackUrl}). */
export const PAYMENT_CALLBACK_PATH = paths.paymentVerification();

export const paymentCallbackUrl = () => `${window.location.origin}${PAYMENT_CALLBACK_PATH}`;
