import { useEffect, useState } from 'react';
import { Download, X } from 'lucide-react';
import { MESSAGES, PRODUCT_NAME } from '@contesthub/shared';
import { STORAGE_KEYS } from '../../lib/storage';
import { useToast } from '../../components/ui/toast';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Toasts on every change of connectivity (spec 002 §2.12). */
export function OnlineStatus() {
  const toast = useToast();
  useEffect(() => {
    const online = () => toast.success(MESSAGES.app.backOnline);
    const offline = () => toast.warning(MESSAGES.app.offline);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [toast]);
  return null;
}

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

/**
 * Offered when the browser allows installation, unless the app already runs installed or the
 * visitor dismissed it this session.
 */
export function InstallPrompt() {
  const toast = useToast();
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const offer = (e: Event) => {
      e.preventDefault();
      if (isStandalone() || sessionStorage.getItem(STORAGE_KEYS.installDismissed)) return;
      setEvent(e as BeforeInstallPromptEvent);
    };
    const installed = () => setEvent(null);
    window.addEventListener('beforeinstallprompt', offer);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', offer);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);

  if (!event) return null;

  const dismiss = () => {
    sessionStorage.setItem(STORAGE_KEYS.installDismissed, '1');
    setEvent(null);
  };
  const install = async () => {
    try {
      await event.prompt();
      const { outcome } = await event.userChoice;
      if (outcome === 'accepted') toast.success(`${PRODUCT_NAME} installed`, 'Open it from your home screen any time.');
      else toast.info(MESSAGES.app.installCancelled);
    } catch {
      toast.error(MESSAGES.app.installFailed);
    }
    setEvent(null);
  };

  return (
    <div
      role="dialog"
      aria-label={`Install ${PRODUCT_NAME}`}
      className="fixed inset-x-4 bottom-4 z-[90] mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-emerald-700/50 bg-slate-900 p-4 shadow-2xl shadow-black/60"
    >
      <Download className="h-6 w-6 shrink-0 text-emerald-400" aria-hidden />
      <div className="flex-1 text-sm">
        <p className="font-semibold">Install {PRODUCT_NAME}</p>
        <p className="text-slate-400">Get contests and votes one tap away, even on a slow connection.</p>
      </div>
      <button
        type="button"
        onClick={() => void install()}
        className="rounded-lg bg-emerald-500 px-3 py-2 text-sm font-semibold text-slate-950 hover:bg-emerald-400"
      >
        Install
      </button>
      <button type="button" onClick={dismiss} aria-label="Not now" className="rounded p-1 text-slate-400 hover:text-slate-100">
        <X className="h-4 w-4" />
      </button>
    </div>
  );
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((err: unknown) => console.warn('Service worker registration failed', err));
  });
}
