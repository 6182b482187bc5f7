import { useSearchParams } from 'react-router';
import { BellOff, CheckCheck, FilterX } from 'lucide-react';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES, type NotificationPriority, type NotificationType } from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { EmptyNote, LoadError, RowsSkeleton } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { useToast } from '../../../components/ui/toast';
import { useNotifications, type NotificationListParams } from '../../../features/notifications/api/get-notifications';
import { useNotificationUnreadCount } from '../../../features/notifications/api/get-unread-count';
import { useArchiveNotification } from '../../../features/notifications/api/archive-notification';
import { useDeleteNotification } from '../../../features/notifications/api/delete-notification';
import { useMarkAllNotificationsRead } from '../../../features/notifications/api/mark-all-read';
import { useMarkNotificationRead } from '../../../features/notifications/api/mark-notification-read';
import { NotificationItem } from '../../../features/notifications/components/NotificationItem';
import {
  NOTIFICATION_TEXTS,
  NOTIFICATION_TYPE_OPTIONS,
  PRIORITY_OPTIONS,
  STATUS_OPTIONS,
  unreadText,
  type StatusFilter,
} from '../../../features/notifications/lib/labels';
import { useOpenNotification } from '../../../features/notifications/lib/use-open-notification';

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/** The page's filters live in the address (?type, status, priority, page), so Back and a shared link keep them. */
function useFilters() {
  const [search, setSearch] = useSearchParams();
  const type = pick<NotificationType>(search.get('type'), NOTIFICATION_TYPES);
  const priority = pick<NotificationPriority>(search.get('priority'), NOTIFICATION_PRIORITIES);
  const status = (pick(
    search.get('status'),
    STATUS_OPTIONS.map((o) => o.value),
  ) ?? '') as StatusFilter;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const set = (changes: Record<string, string | undefined>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  const params: NotificationListParams = {
    page,
    type,
    priority,
    ...(status === 'unread' ? { isRead: false } : status === 'read' ? { isRead: true } : status === 'archived' ? { isArchived: true } : {}),
  };
  return { type, priority, status, page, params, set, any: Boolean(type || priority || status) };
}

/** /dashboard/notifications (spec 001 §2 Notifications page). */
export default function NotificationsPage() {
  const f = useFilters();
  const list = useNotifications(f.params);
  const unread = useNotificationUnreadCount().data?.unreadCount ?? 0;
  const markAll = useMarkAllNotificationsRead();
  const markRead = useMarkNotificationRead();
  const archive = useArchiveNotification();
  const remove = useDeleteNotification();
  const open = useOpenNotification();
  const toast = useToast();
  const onError = { onError: (err: Error) => toast.error('Error', err.message) };
  const busy = markRead.isPending || archive.isPending || remove.isPending;

  const data = list.data;
  const pages = data?.pagination.pages ?? 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-2xl font-bold">Notifications</h2>
          <p className="text-slate-400" aria-live="polite">
            {unreadText(unread)}
          </p>
        </div>
        <Button
          variant="outline"
          icon={<CheckCheck className="h-4 w-4" aria-hidden />}
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { ...onError, onSuccess: () => toast.success('All notifications marked as read') })}
        >
          Mark All as Read
        </Button>
      </div>

      <section aria-label="Filters" className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end">
        <SelectField label="Type" value={f.type ?? ''} onChange={(e) => f.set({ type: e.target.value, page: undefined })}>
          <option value="">All Types</option>
          {NOTIFICATION_TYPE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" value={f.status} onChange={(e) => f.set({ status: e.target.value, page: undefined })}>
          <option value="">All Status</option>
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Priority" value={f.priority ?? ''} onChange={(e) => f.set({ priority: e.target.value, page: undefined })}>
          <option value="">All Priorities</option>
          {PRIORITY_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <Button
          variant="ghost"
          icon={<FilterX className="h-4 w-4" aria-hidden />}
          disabled={!f.any}
          onClick={() => f.set({ type: undefined, status: undefined, priority: undefined, page: undefined })}
        >
          Clear Filters
        </Button>
      </section>

      {list.isPending ? (
        <div className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60">
          <RowsSkeleton label="Loading notifications" rows={5} />
        </div>
      ) : list.isError && !data ? (
        <LoadError message={NOTIFICATION_TEXTS.loadFailed} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !data || data.notifications.length === 0 ? (
        <div className="rounded-2xl border border-slate-800 bg-slate-900/60">
          <EmptyNote
            icon={BellOff}
            title={NOTIFICATION_TEXTS.empty}
            hint={
              f.any
                ? 'Try other filters, or clear them.'
                : 'We will let you know when something happens to your contests, entries and payments.'
            }
          />
        </div>
      ) : (
        <ul
          aria-label="Notifications"
          className="divide-y divide-slate-800 overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60"
        >
          {data.notifications.map((n) => (
            <li key={n._id}>
              <NotificationItem
                n={n}
                busy={busy}
                onOpen={(item) => void open(item)}
                onRead={(item) => markRead.mutate(item._id, onError)}
                onArchive={(item) => archive.mutate(item._id, onError)}
                onDelete={(item) => remove.mutate(item._id, onError)}
              />
            </li>
          ))}
        </ul>
      )}

      <Pagination page={f.page} pages={pages} onChange={(p) => f.set({ page: p > 1 ? String(p) : undefined })} label="Notification pages" />
    </div>
  );
}
