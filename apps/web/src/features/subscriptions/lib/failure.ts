import { ApiError } from '../../../lib/api';

/** The server's own words when it gave some (a refusal), else the spec's default text. */
export const failureText = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status > 0 && err.errorType !== 'INVALID_RESPONSE' && err.message ? err.message : fallback;
