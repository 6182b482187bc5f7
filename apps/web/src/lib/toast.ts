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
}

export interface ToastApi {
  toast: (t: ToastInput) => number;
  dismiss: (id: number) => void;
  success: (title: string, message?: string) => number;
  error: (title: string, message?: string) => number;
  warning: (title: string, message?: string) => number;
  info: (title: string, message?: string) => number;
}

export const ToastContext = createContext<ToastApi | null>(null);

export const defaultDuration = (type: ToastType): number =>
  type === 'error' ? TOAST.errorMs : type === 'warning' ? TOAST.warningMs : TOAST.defaultMs;

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside ToastProvider');
  return ctx;
}
