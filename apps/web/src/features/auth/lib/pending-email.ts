import { STORAGE_KEYS } from '../../../lib/storage';

/**
 * The address waiting for verification, kept in localStorage between registration and the
 * verify page (spec 000 §2 "a stored pending address"). Storage may be unavailable (private
 * mode, quota): reading then finds nothing and writing is skipped.
 */
export const pendingEmail = {
  get(): string | null {
    try {
      return localStorage.getItem(STORAGE_KEYS.pendingEmail) || null;
    } catch {
      return null;
    }
  },
  set(email: string): void {
    try {
      localStorage.setItem(STORAGE_KEYS.pendingEmail, email);
    } catch {
      // Nothing to do: the address also travels in the URL.
    }
  },
  clear(): void {
    try {
      localStorage.removeItem(STORAGE_KEYS.pendingEmail);
    } catch {
      // As above.
    }
  },
};

const clean = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Which address the verify page works with, in the spec's order: the `email` query parameter,
 * then the navigation state, then the stored pending address; the signed-in user's own address
 * is the last resort.
 */
export function resolveVerifyEmail(sources: {
  search: URLSearchParams;
  state: unknown;
  stored: string | null;
  userEmail?: string | null;
}): string | null {
  const fromState = sources.state && typeof sources.state === 'object' ? (sources.state as { email?: unknown }).email : undefined;
  return clean(sources.search.get('email')) ?? clean(fromState) ?? clean(sources.stored) ?? clean(sources.userEmail);
}
