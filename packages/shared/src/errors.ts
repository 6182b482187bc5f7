/**
 * The error catalogue: errorTypes the API answers with and the spec's texts, verbatim.
 * Server and client both read from here so a message is written once.
 */
export const ERROR_TYPES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'TOKEN_EXPIRED',
  'INSUFFICIENT_BALANCE',
  'INSUFFICIENT_CREDITS',
  'IDEMPOTENCY_CONFLICT',
  'ACCOUNT_NOT_FOUND',
  'INVALID_PASSWORD',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_LOCKED',
  'ACCOUNT_DEACTIVATED',
  'ACCOUNT_BANNED',
  '2FA_REQUIRED',
  'INVALID_2FA_TOKEN',
  'INVALID_BACKUP_CODE',
  'EMAIL_ALREADY_EXISTS',
  'PHONE_ALREADY_EXISTS',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export const MESSAGES = {
  transport: {
    invalidResponse: 'Invalid response from server',
    network: 'Network error - Please check your internet connection',
    unreachable: 'Unable to connect to the server. Please check your internet connection and try again.',
  },
  login: {
    ACCOUNT_NOT_FOUND: 'No account found with this email address. Please check your email or create a new account.',
    INVALID_PASSWORD: 'The password you entered is incorrect. Please try again.',
    EMAIL_NOT_VERIFIED: 'Please verify your email address before logging in. Check your inbox for a verification link.',
    ACCOUNT_DEACTIVATED: 'Your account has been deactivated. Please contact support for assistance.',
    '2FA_REQUIRED': 'Please enter your 2FA code to complete login',
    INVALID_2FA_TOKEN: 'The 2FA code you entered is incorrect. Please try again.',
    INVALID_BACKUP_CODE: 'The backup code you entered is incorrect or already used.',
    fillAllFields: 'Please fill in all fields',
    codeRequired: 'Please enter your 2FA code or backup code',
    failedTitle: 'Login Failed',
    successTitle: 'Login Successful',
    successMessage: 'Welcome back!',
  },
  register: {
    EMAIL_ALREADY_EXISTS: 'An account with this email address already exists. Please use a different email or try logging in.',
    PHONE_ALREADY_EXISTS: 'This phone number is already registered. Please use a different phone number.',
    invalidTitle: 'Invalid Information',
    invalidDefault: 'Please check your input and try again',
    failedTitle: 'Registration Failed',
    fixIssuesTitle: 'Please Fix These Issues',
  },
  toast: {
    networkErrorTitle: 'Network Error',
    serverErrorTitle: 'Server Error',
    serverErrorMessage: 'Something went wrong. Please try again later',
    sessionExpiredTitle: 'Session Expired',
    sessionExpiredMessage: 'Please log in again',
    errorTitle: 'Error',
    logoutErrorTitle: 'Logout Error',
    logoutErrorMessage: 'There was an issue logging out',
    applicationErrorTitle: 'Application Error',
    validationErrorTitle: 'Validation Error',
    validationErrorMessage: 'Please fix the errors in the form',
  },
  app: {
    errorScreenTitle: 'Oops! Something went wrong',
    refreshPage: 'Refresh Page',
    backOnline: 'You are back online!',
    offline: 'You are offline. Some features may not be available.',
    installFailed: 'Install prompt failed',
    installCancelled: 'Installation cancelled',
  },
  server: {
    notFound: 'Route not found',
    internal: 'Something went wrong. Please try again later',
    unauthorized: 'Please log in to continue',
    forbidden: 'You do not have permission to perform this action',
    rateLimited: 'Too many requests. Please slow down and try again shortly.',
    validation: 'Please check your input and try again',
    insufficientBalance: 'Insufficient balance',
    dbUnavailable: 'Database unavailable',
  },
} as const;

/** Body of every failed API answer (ARCHITECTURE.md "Envelope"). */
export interface ApiFailure {
  success: false;
  message: string;
  errorType?: ErrorType | string;
  errors?: Record<string, string> | string[] | string;
  [extra: string]: unknown;
}

export interface ApiSuccess<T> {
  success: true;
  message?: string;
  data: T;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;
