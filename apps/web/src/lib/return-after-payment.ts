import { STORAGE_KEYS } from './storage';

/**
 * Where to go back to once a payment started from another page completes: the vote dialog's "Buy
 * credits" keeps its contest here, the payment verification page offers the way back. Session
 * storage survives the trip through the payment page in the same tab; unavailable storage means no
 * way back is offered (the usual wallet and dashboard links remain).
 */
export const returnAfterPayment = {
  set(path: string, label: string): void {
    try {
      sessionStorage.setItem(STORAGE_KEYS.returnAfterPayment, JSON.stringify({ path, label }));
    } catch {
      // As above.
    }
  },
  get(): { path: string; label: string } | null {
    try {
      const raw = sessionStorage.getItem(STORAGE_KEYS.returnAfterPayment);
      const value = raw ? (JSON.parse(raw) as unknown) : null;
      if (value && typeof value === 'object' && 'path' in value && 'label' in value) {
        const { path, label } = value as { path: unknown; label: unknown };
        // Only a path inside this app.
        if (typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && typeof label === 'string') return { path, label };
      }
      return null;
    } catch {
      return null;
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(STORAGE_KEYS.returnAfterPayment);
    } catch {
      // As above.
    }
  },
};
