import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { BellOff, CheckCheck, RefreshCw } from 'lucide-react';
import { paths } from '@contesthub/shared';
import { RowsSkeleton } from '../../../components/ui/list-states';
import { rovingIndex } from '../../../components/ui/roving';
import { useToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { BELL_PARAMS, useNotifications } from '../api/get-notifications';
import { useDeleteNotification } from '../api/delete-notification';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkAllNotificationsSeen } from '../api/mark-all-seen';
import { NOTIFICATION_TEXTS, unreadText } from '../lib/labels';
import { useOpenNotification } from '../lib/use-open-notification';
import { NotificationItem } from './NotificationItem';

/**
 * The bell's dropdown (spec 001 §2): unread count, Mark all read, refresh, the newest ten with
 * click-through (marks read, opens the action URL) and delete, and View all notifications. The
 * arrow keys, Home and End move between the notifications' links.
 */
export function BellPanel({ unreadCount, onClose }: { unreadCount: number; onClose: () => void }) {
  const list = useNotifications(BELL_PARAMS);
  const markAll = useMarkAllNotificationsRead();
  const seeAll = useMarkAllNotificationsSeen();
  const remove = useDeleteNotification();
  const toast = useToast();
  const open = useOpenNotification(onClose);
  const heading = useRef<HTMLHeadingElement>(null);
  const seen = useRef(false);

  useEffect(() => heading.current?.focus(), []);
  // Opening the bell sees what is new (unseen → seen; still unread until opened or marked read).
  useEffect(() => {
    if (seen.current || !list.data?.notifications.some((n) => n.state === 'unseen')) return;
    seen.current = true;
    seeAll.mutate();
  }, [list.data, seeAll]);

  const onListKeys = (e: KeyboardEvent<HTMLUListElement>) => {
    const links = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[data-bell-link]'));
    const index = links.indexOf(document.activeElement as HTMLElement);
    const next = rovingIndex(e.key === 'ArrowRight' || e.key === 'ArrowLeft' ? '' : e.key, index < 0 ? -1 : index, links.length);
    if (next < 0 || links.length === 0) return;
    e.preventDefault();
    links[next]?.focus();
  };

  const items = list.data?.notifications ?? [];
  return (
    <div className="flex max-h-[inherit] flex-col">
      <div className="flex items-center gap-2 border-b border-slate-800 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2 ref={heading} tabIndex={-1} className="font-semibold outline-none">
            Notifications
          </h2>
          <p className="text-xs text-slate-400">{unreadText(unreadCount)}</p>
        </div>
        <button
          type="button"
          onClick={() => void list.refetch()}
          aria-label="Refresh notifications"
          title="Refresh"
          className="grid h-9 w-9 place-items-center rounded-lg text-slate-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400"
        >
          <RefreshCw className={cn('h-4 w-4', list.isFetching && 'animate-spin')} aria-hidden />
        </button>
        <button
          type="button"
          disabled={unreadCount === 0 || markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: (err) => toast.error('Error', err.message) })}
          className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-emerald-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400 disabled:opacity-50"
        >
          <CheckCheck className="h-4 w-4" aria-hidden />
          Mark all read
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {list.isPending ? (
          <RowsSkeleton label="Loading notifications" rows={4} />
        ) : list.isError && !list.data ? (
          <div role="alert" className="space-y-3 p-6 text-center text-sm">
            <p className="text-slate-300">{NOTIFICATION_TEXTS.loadFailed}</p>
            <button type="button" onClick={() => void list.refetch()} className="font-semibold text-emerald-300 hover:underline">
              Try Again
            </button>
          </div>
        ) : items.length === 0 ? (
          <div className="px-6 py-10 text-center">
            <BellOff className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
            <p className="mt-2 text-sm font-semibold">{NOTIFICATION_TEXTS.empty}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-800" onKeyDown={onListKeys}>
            {items.map((n) => (
              <li key={n._id}>
                <NotificationItem
                  n={n}
                  compact
                  onOpen={(item) => void open(item)}
                  onDelete={(item) => remove.mutate(item._id, { onError: (err) => toast.error('Error', err.message) })}
                  busy={remove.isPending && remove.variables === n._id}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Link
        to={paths.dashboard.notifications()}
        onClick={onClose}
        className="block border-t border-slate-800 px-4 py-3 text-center text-sm font-semibold text-emerald-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400"
      >
        View all notifications
      </Link>
    </div>
  );
}
