import { ApiError } from './api';

/** The server's own words when it gave some (spec 001 §8: "a server message is preferred"), else the default. */
export const serverMessageOr = (err: unknown, fallback: string): string =>
  err instanceof ApiError && err.status > 0 && err.errorType !== 'INVALID_RESPONSE' && err.message ? err.message : fallback;
