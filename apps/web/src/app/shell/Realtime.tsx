import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { paths, type TNotification } from '@contesthub/shared';
import { useToast } from '../../components/ui/toast';

/**
 * Keeps the signed-in dashboard live: starts the browser's one notification stream (or joins the
 * tab that holds it) and stops it when the dashboard closes: on logout, or when the user changes.
 * A new notification is announced with a toast (a polite live region) unless its page is open.
 */
export function Realtime({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  }, [pathname]);
  const announce = useRef<(n: TNotification) => void>(() => undefined);
  useEffect(() => {
    announce.current = (n) => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      if (where.current === paths.dashboard.notifications()) return;
      if (n.type === 'message_received' && where.current === paths.dashboard.messages()) return;
      toast.toast({
        type: n.priority === 'high' ? 'warning' : 'info',
        title: n.title,
        message: n.message,
        ...(n.actionUrl ? { action: { label: n.actionText ?? 'View', onClick: () => navigate(n.actionUrl!) } } : {}),
      });
    };
  }, [toast, navigate]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./realtime-start').then(({ startRealtime }) => {
      if (cancelled) return;
      const client = startRealtime({ userId, queryClient, onFresh: (n) => announce.current(n) });
      stop = () => client.stop();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, queryClient]);
  return null;
}
