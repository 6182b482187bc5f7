/**
 * The one toast system's contract (types, context, hook); the provider that shows them is
 * components/ui/toast.tsx. Here so that lib code (the session) can toast without importing components.
 */
import { createContext, useContext } from 'react';
import { TOAST } from '@contesthub/shared';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastInput {
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds; defaults by type (spec: 5 s, error 7 s, warning 6 s). */
  duration?: number;
  /** A button in the toast (e.g. 'Log in' on 'Login Required'); pressing it also dismisses the toast. */
  action?: { label: string; onClick: () => void };
  /**
   * An error or warning that explains the page change it comes with (session expired → login):
   * it survives that one change. Every other error and warning describes the page it was raised
   * on and goes when the page changes.
   */
  keepOnNavigate?: boolean;
}

export interface ToastApi {
  toast: (t: ToastInput) => number;
  dismiss: (id: number) => void;
  success: (title: string, message?: string) => number;
  error: (title: string, message?: string) => number;
  warning: (title: string, message?: string) => number;
  info: (title: string, message?: string) => number;
  /** The page changed: its errors and warnings no longer apply (see `keepOnNavigate`). */
  pageChanged: () => void;
  /**
   * A form went through without a success toast of its own (it shows a success screen): the errors
   * and warnings it raised before are fixed. (A success toast does the same by itself.)
   */
  resolved: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export const defaultDuration = (type: ToastType): number =>
  type === 'error' ? TOAST.errorMs : type === 'warning' ? TOAST.warningMs : TOAST.defaultMs;

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside ToastProvider');
  return ctx;
}
