import { PAYMENT_VERIFICATION_STUCK_MS } from '@contesthub/shared';

/**
 * The per-reference "already attempted" flag (spec 001 §4), kept in this tab's session storage and
 * cleared 5 seconds after the page is left (PAYMENT_VERIFICATION_STUCK_MS).
 */
const PREFIX = 'paymentVerificationAttempted:';
const cleanups = new Map<string, number>();

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const attemptedReferences = {
  has(reference: string): boolean {
    return safe(() => sessionStorage.getItem(PREFIX + reference) !== null, false);
  },
  mark(reference: string): void {
    safe(() => sessionStorage.setItem(PREFIX + reference, new Date().toISOString()), undefined);
  },
  clear(reference: string): void {
    attemptedReferences.keep(reference);
    safe(() => sessionStorage.removeItem(PREFIX + reference), undefined);
  },
  /** The page was left: forget the flag in 5 seconds (unless the page comes back first). */
  clearLater(reference: string): void {
    attemptedReferences.keep(reference);
    cleanups.set(
      reference,
      window.setTimeout(() => {
        cleanups.delete(reference);
        safe(() => sessionStorage.removeItem(PREFIX + reference), undefined);
      }, PAYMENT_VERIFICATION_STUCK_MS),
    );
  },
  /**
   * Forgets every remembered reference (the page's reset button), with any pending clearLater:
   * every reference is then verified again the next time it is shown.
   */
  clearAll(): void {
    for (const timer of cleanups.values()) window.clearTimeout(timer);
    cleanups.clear();
    safe(() => {
      const keys: string[] = [];
      for (let i = 0; i < sessionStorage.length; i++) {
        const key = sessionStorage.key(i);
        if (key?.startsWith(PREFIX)) keys.push(key);
      }
      for (const key of keys) sessionStorage.removeItem(key);
    }, undefined);
  },
  /** Cancels a pending clearLater (the page is back). */
  keep(reference: string): void {
    const timer = cleanups.get(reference);
    if (timer !== undefined) window.clearTimeout(timer);
    cleanups.delete(reference);
  },
};
