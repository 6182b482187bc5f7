import { STORAGE_KEYS } from '../../../lib/storage';

/**
 * The account whose email was verified in this tab: the dashboard greets it as a newcomer
 * ('Welcome to ContestHub') rather than 'Welcome back'. Kept in session storage (gone with the
 * tab) by user id, so another account signing in here is greeted as usual; unavailable storage
 * means the usual greeting.
 */
export const newAccount = {
  mark(userId: string): void {
    try {
      sessionStorage.setItem(STORAGE_KEYS.newAccount, userId);
    } catch {
      // The greeting falls back to 'Welcome back'.
    }
  },
  is(userId: string): boolean {
    try {
      return sessionStorage.getItem(STORAGE_KEYS.newAccount) === userId;
    } catch {
      return false;
    }
  },
};
