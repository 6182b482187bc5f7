/**
 * Answers the page asked for before the app loaded (packages/shared/src/first-data.ts): the API
 * client takes one instead of sending the same read again, once, and only when it was asked with
 * the same login the client would use now.
 */
import { FIRST_DATA, canonicalApiPath } from '@contesthub/shared';

interface Early {
  token: string | null;
  response: Promise<Response | null>;
}

const store = (): Record<string, Early> | undefined =>
  (window as unknown as Record<string, Record<string, Early> | undefined>)[FIRST_DATA.global];

/** The early answer for this GET, if the page asked for it with `token`; null when there is none to take. */
export function takeFirstData(pathAndQuery: string, token: string | null): Promise<Response | null> | null {
  const early = store();
  if (!early) return null;
  const key = canonicalApiPath(pathAndQuery);
  const entry = early[key];
  if (!entry) return null;
  delete early[key];
  return entry.token === token ? entry.response : null;
}
