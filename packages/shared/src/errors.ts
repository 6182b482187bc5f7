/**
 * The error catalogue: errorTypes the API answers with and the spec's texts, verbatim.
 * Server and client both read from here so a message is written once.
 */
import { countOf } from './plural.js';

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
  'INVALID_CODE',
  'ALREADY_VERIFIED',
  'INVALID_REFERRAL_CODE',
  'SELF_REFERRAL',
  'ALREADY_REFERRED',
  '2FA_ALREADY_ENABLED',
  '2FA_NOT_ENABLED',
  'FILE_TOO_LARGE',
  'INVALID_FILE_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'BAD_REQUEST',
  'REFERRAL_CYCLE',
  'REFERRAL_SAME_PERSON',
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
  accounts: {
    ACCOUNT_LOCKED: 'Too many failed login attempts. Your account is locked for 15 minutes. Try again later or reset your password.',
    invalidVerificationCode: 'Invalid verification code',
    codeExpired: 'The verification code is invalid or has expired. Please request a new code.',
    tooManyCodeAttempts: 'Too many incorrect attempts. Please request a new code.',
    alreadyVerified: 'This email address is already verified.',
    resendCooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
    verificationSent: 'Verification code sent. Please check your email.',
    resetRequested: 'If an account exists for this email, we have sent a 6-digit reset code. It expires in 10 minutes.',
    resetInvalid: 'The reset code is invalid or has expired. Please request a new password reset.',
    resetDone: 'Your password has been updated. You can now log in with your new password.',
    passwordChanged: 'Your password has been updated successfully',
    currentPasswordWrong: 'Current password is incorrect',
    twoFactorEnabled: 'Two-factor authentication is now enabled',
    twoFactorDisabled: 'Two-factor authentication has been disabled',
    twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled',
    twoFactorNotEnabled: 'Two-factor authentication is not enabled',
    twoFactorSetupFirst: 'Start the two-factor setup first',
    sessionNotFound: 'Session not found',
    profileNotFound: 'Profile not found',
    profileUpdated: 'Your profile has been successfully updated',
    referralInvalid: 'Invalid referral code',
    referralSelf: 'You cannot use your own referral code',
    referralAlready: 'You have already added a referral code',
    referralCycle: 'You cannot use the referral code of someone you referred',
    referralSamePerson: 'This referral code belongs to an account that shares your phone number or payment card',
    imageRequired: 'Please select an image file',
    imageTooLarge: 'Please select an image smaller than 5MB',
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
    draining: 'This server is shutting down; try again',
    badRequest: 'The request could not be read. Please check it and try again.',
    badUrl: 'The address of this request is not valid',
    uriTooLong: 'The address of this request is too long',
    payloadTooLarge: 'The request is too large',
    unsupportedMediaType: 'This kind of request body is not accepted here',
    uploadUnreadable: 'The upload could not be read. Please try again.',
    requestTimeout: 'The request took too long to arrive',
    headersTooLarge: 'The request headers are too large',
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

/** Entry review results (spec 001 §8): the server's answer and the review page's toast. */
export const REVIEW_RESULT_MESSAGES = {
  approvedOne: 'Entry approved successfully',
  rejectedOne: 'Entry rejected successfully',
  approvedMany: (n: number) => `${countOf(n, 'entry')} approved successfully`,
  rejectedMany: (n: number) => `${countOf(n, 'entry')} rejected successfully`,
} as const;
