import { TOKEN_STORAGE_KEY } from '@contesthub/shared';

/** Browser storage keys (spec 000 §9: the login token and refresh token are kept in browser storage). */
export const STORAGE_KEYS = {
  token: TOKEN_STORAGE_KEY,
  refreshToken: 'refreshToken',
  pendingEmail: 'pendingVerificationEmail',
  installDismissed: 'installPromptDismissed',
  /** Session storage: the id of the account verified in this tab (the dashboard's first greeting). */
  newAccount: 'newAccount',
  /** Session storage: where to go back to once a credit purchase started elsewhere completes. */
  returnAfterPayment: 'returnAfterPayment',
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const tokenStore = {
  get token(): string | null {
    return safe(() => localStorage.getItem(STORAGE_KEYS.token), null);
  },
  get refreshToken(): string | null {
    return safe(() => localStorage.getItem(STORAGE_KEYS.refreshToken), null);
  },
  set(token: string, refreshToken: string): void {
    safe(() => {
      localStorage.setItem(STORAGE_KEYS.token, token);
      localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
    }, undefined);
  },
  clear(): void {
    safe(() => {
      localStorage.removeItem(STORAGE_KEYS.token);
      localStorage.removeItem(STORAGE_KEYS.refreshToken);
    }, undefined);
  },
};
