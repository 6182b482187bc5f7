import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Bell } from 'lucide-react';
import { lazyComponent, preloadWhenIdle } from '../../../lib/lazy';
import { cn } from '../../../lib/cn';
import { useNotificationUnreadCount } from '../api/get-unread-count';
import { badgeText } from '../lib/badge';

/** The dropdown's code loads on first open (fetched ahead when the browser is idle). */
const BellPanel = lazyComponent(() => import('./BellPanel').then((m) => m.BellPanel));

/**
 * The header's notification bell (spec 001 §2 Shell): the unread count (99+ above 99) and a
 * dropdown. A disclosure popover: the button says whether it is open; focus moves into the panel
 * on open; Escape, a press outside or Tab leaving the panel close it, and Escape returns focus to
 * the bell. Light: the panel and its list load only when it first opens.
 */
export function NotificationBell() {
  const count = useNotificationUnreadCount().data?.unreadCount ?? 0;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => preloadWhenIdle(BellPanel), []);
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
    };
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const label = count > 0 ? `Notifications, ${badgeText(count)} unread` : 'Notifications';

  return (
    <div
      ref={rootRef}
      className="relative shrink-0"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          close(true);
        }
      }}
      onBlur={(e) => {
        if (open && e.relatedTarget && !rootRef.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={() => void BellPanel.preload()}
        className="relative grid h-10 w-10 place-items-center rounded-full text-slate-300 hover:bg-slate-800 hover:text-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-400"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {count > 0 && (
          <span
            data-testid="bell-count"
            aria-hidden
            className={cn(
              'absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-700 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-slate-950',
            )}
          >
            {badgeText(count)}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-50 max-h-[calc(100dvh-5rem)] overflow-hidden rounded-xl border border-slate-800 bg-slate-900 shadow-2xl shadow-black/50 sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-[26rem]"
        >
          <Suspense
            fallback={
              <p role="status" className="p-6 text-center text-sm text-slate-400">
                Loading notifications…
              </p>
            }
          >
            <BellPanel unreadCount={count} onClose={() => close(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
