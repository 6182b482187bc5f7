import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CheckCircle2, Info, TriangleAlert, X, XCircle } from 'lucide-react';
import { TOAST } from '@contesthub/shared';
import { cn } from '../../lib/cn';
import { defaultDuration, ToastContext, type ToastApi, type ToastInput, type ToastType } from '../../lib/toast';

export { defaultDuration, useToast, type ToastInput, type ToastType } from '../../lib/toast';

interface ToastItem extends ToastInput {
  id: number;
  leaving: boolean;
}

/** Errors and warnings describe a problem on the page: a success or a page change ends them. */
const describesProblem = (t: ToastItem) => !t.leaving && (t.type === 'error' || t.type === 'warning');

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  // The list as last rendered, for dismissals decided outside a state update.
  const toastsRef = useRef<ToastItem[]>([]);
  useEffect(() => {
    toastsRef.current = toasts;
  }, [toasts]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number>());
  // Fade-out timers: cleared on unmount with the others, so none fires after the provider is gone.
  const fades = useRef(new Set<number>());

  const remove = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    timers.current.delete(id);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      setToasts((list) => list.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
      const fade = window.setTimeout(() => {
        fades.current.delete(fade);
        remove(id);
      }, TOAST.fadeOutMs);
      fades.current.add(fade);
    },
    [remove],
  );

  /** Dismisses every toast the predicate picks (its timer is cleared). */
  const dismissWhere = useCallback(
    (pick: (t: ToastItem) => boolean) => {
      for (const t of toastsRef.current) {
        if (!pick(t)) continue;
        window.clearTimeout(timers.current.get(t.id));
        dismiss(t.id);
      }
    },
    [dismiss],
  );

  const toast = useCallback(
    (input: ToastInput) => {
      const id = nextId.current++;
      // A success means the form it answers went through: the errors it showed before are fixed.
      if (input.type === 'success') dismissWhere(describesProblem);
      // The list holds at most 20; the oldest give way.
      setToasts((list) => [...list, { ...input, id, leaving: false }].slice(-TOAST.maxHeld));
      timers.current.set(
        id,
        window.setTimeout(() => dismiss(id), input.duration ?? defaultDuration(input.type)),
      );
      return id;
    },
    [dismiss, dismissWhere],
  );

  const pageChanged = useCallback(() => {
    dismissWhere((t) => describesProblem(t) && !t.keepOnNavigate);
    // A toast that explained this change has now done so: the next change ends it too.
    setToasts((list) => (list.some((t) => t.keepOnNavigate) ? list.map((t) => ({ ...t, keepOnNavigate: false })) : list));
  }, [dismissWhere]);

  useEffect(() => {
    const pending = timers.current;
    const fading = fades.current;
    return () => {
      pending.forEach((t) => window.clearTimeout(t));
      fading.forEach((t) => window.clearTimeout(t));
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      toast,
      dismiss,
      success: (title, message) => toast({ type: 'success', title, message }),
      error: (title, message) => toast({ type: 'error', title, message }),
      warning: (title, message) => toast({ type: 'warning', title, message }),
      info: (title, message) => toast({ type: 'info', title, message }),
      pageChanged,
      resolved: () => dismissWhere(describesProblem),
    }),
    [toast, dismiss, pageChanged, dismissWhere],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

const STYLES: Record<ToastType, { icon: typeof Info; className: string }> = {
  success: { icon: CheckCircle2, className: 'border-emerald-500/40 text-emerald-300' },
  error: { icon: XCircle, className: 'border-red-500/40 text-red-300' },
  warning: { icon: TriangleAlert, className: 'border-amber-500/40 text-amber-300' },
  info: { icon: Info, className: 'border-sky-500/40 text-sky-300' },
};

function Toaster({ toasts, onDismiss }: { toasts: ToastItem[]; onDismiss: (id: number) => void }) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"
    >
      {toasts.map((t) => {
        const { icon: Icon, className } = STYLES[t.type];
        return (
          <div
            key={t.id}
            role={t.type === 'error' ? 'alert' : 'status'}
            data-toast-type={t.type}
            className={cn(
              'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-slate-900/95 p-4 shadow-xl shadow-black/40 backdrop-blur transition-all duration-300',
              className,
              t.leaving ? 'translate-y-[-4px] opacity-0' : 'opacity-100',
            )}
          >
            <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-100">{t.title}</p>
              {t.message && <p className="mt-0.5 text-sm text-slate-300">{t.message}</p>}
              {t.action && (
                <button
                  type="button"
                  onClick={() => {
                    onDismiss(t.id);
                    t.action!.onClick();
                  }}
                  className="mt-2 rounded-md bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-900 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-300"
                >
                  {t.action.label}
                </button>
              )}
            </div>
            <button
              type="button"
              onClick={() => onDismiss(t.id)}
              className="rounded p-1 text-slate-400 hover:bg-slate-800 hover:text-slate-100"
              aria-label="Dismiss notification"
            >
              <X className="h-4 w-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
