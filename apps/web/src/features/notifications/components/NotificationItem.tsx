import type { MouseEvent, ReactNode } from 'react';
import {
  AlertTriangle,
  Archive,
  Bell,
  Check,
  CreditCard,
  MessageSquare,
  Megaphone,
  ShieldAlert,
  Trash2,
  Trophy,
  Vote,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { formatRelativeTime, formatDateTime, type NotificationType, type TNotification } from '@contesthub/shared';
import { cn } from '../../../lib/cn';
import { PRIORITY_LABELS } from '../lib/labels';

const ICONS: Partial<Record<NotificationType, LucideIcon>> = {
  contest_won: Trophy,
  contest_ended: Trophy,
  new_contest: Trophy,
  vote_received: Vote,
  payment_success: CreditCard,
  payment_failed: AlertTriangle,
  vote_credit_purchased: CreditCard,
  system_announcement: Megaphone,
  security_alert: ShieldAlert,
  transfer_received: Wallet,
  withdrawal_completed: Wallet,
  withdrawal_failed: AlertTriangle,
  comment_received: MessageSquare,
  message_received: MessageSquare,
  vote_voided: ShieldAlert,
};

/** Priority styling: high stands out in red, medium in amber, low stays quiet. */
const PRIORITY_STYLE = {
  high: { bar: 'border-l-red-500', icon: 'bg-red-500/15 text-red-300' },
  medium: { bar: 'border-l-amber-400', icon: 'bg-amber-500/15 text-amber-300' },
  low: { bar: 'border-l-slate-600', icon: 'bg-slate-800 text-slate-300' },
} as const;

export const notificationIcon = (type: NotificationType) => ICONS[type] ?? Bell;

function IconButton({
  label,
  onClick,
  children,
  disabled,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="grid h-9 w-9 shrink-0 place-items-center rounded-lg text-slate-400 hover:bg-slate-800 hover:text-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-400 disabled:opacity-50"
    >
      {children}
    </button>
  );
}

export interface NotificationActions {
  /** The action link: marks it read, then goes to its actionUrl. */
  onOpen: (n: TNotification) => void;
  onRead?: (n: TNotification) => void;
  onArchive?: (n: TNotification) => void;
  onDelete: (n: TNotification) => void;
  busy?: boolean;
}

/**
 * One notification: icon and priority bar, title, text, time, metadata chips, the action link, and
 * the per-item actions. `compact` is the bell's row (delete only); the page shows every action.
 */
export function NotificationItem({ n, compact = false, ...actions }: { n: TNotification; compact?: boolean } & NotificationActions) {
  const Icon = notificationIcon(n.type);
  const style = PRIORITY_STYLE[n.priority];
  const unread = !n.isRead;
  const open = (e: MouseEvent) => {
    e.preventDefault();
    actions.onOpen(n);
  };
  const chips = Object.entries(n.metadata);
  return (
    <article
      aria-label={`${unread ? 'Unread: ' : ''}${n.title}`}
      className={cn('flex gap-3 border-l-4 px-3 py-3 sm:px-4', style.bar, unread ? 'bg-slate-800/40' : 'bg-transparent')}
    >
      <span className={cn('mt-0.5 grid h-9 w-9 shrink-0 place-items-center rounded-full', style.icon)} aria-hidden>
        <Icon className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {unread && <span className="h-2 w-2 shrink-0 rounded-full bg-emerald-400" aria-hidden />}
          {compact && n.actionUrl ? (
            <a
              href={n.actionUrl}
              onClick={open}
              data-bell-link
              className="min-w-0 font-semibold text-slate-100 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-400"
            >
              {n.title}
            </a>
          ) : (
            <h3 className={cn('min-w-0 font-semibold', unread ? 'text-slate-100' : 'text-slate-300')}>{n.title}</h3>
          )}
          {!compact && n.priority === 'high' && (
            <span className="rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-semibold text-red-300 ring-1 ring-inset ring-red-500/30">
              {PRIORITY_LABELS.high} priority
            </span>
          )}
        </div>
        <p className={cn('mt-0.5 text-sm text-slate-300 break-words', compact && 'line-clamp-2')}>{n.message}</p>
        {!compact && chips.length > 0 && (
          <ul aria-label="Details" className="mt-2 flex flex-wrap gap-1.5">
            {chips.map(([k, v]) => (
              <li
                key={k}
                className="max-w-full truncate rounded-full bg-slate-800 px-2.5 py-0.5 text-xs text-slate-300 ring-1 ring-inset ring-slate-700"
              >
                <span className="text-slate-400">{k}:</span> {v}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-400">
          <time dateTime={n.updatedAt} title={formatDateTime(n.updatedAt)}>
            {formatRelativeTime(n.updatedAt)}
          </time>
          {!compact && n.actionUrl && (
            <a
              href={n.actionUrl}
              onClick={open}
              className="font-semibold text-emerald-300 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-400"
            >
              {n.actionText ?? 'View'}
            </a>
          )}
        </div>
      </div>
      <div className={cn('flex shrink-0 items-start gap-0.5', !compact && 'flex-col sm:flex-row')}>
        {!compact && unread && actions.onRead && (
          <IconButton label={`Mark as Read: ${n.title}`} onClick={() => actions.onRead!(n)} disabled={actions.busy}>
            <Check className="h-4 w-4" aria-hidden />
          </IconButton>
        )}
        {!compact && !n.isArchived && actions.onArchive && (
          <IconButton label={`Archive: ${n.title}`} onClick={() => actions.onArchive!(n)} disabled={actions.busy}>
            <Archive className="h-4 w-4" aria-hidden />
          </IconButton>
        )}
        <IconButton label={`Delete: ${n.title}`} onClick={() => actions.onDelete(n)} disabled={actions.busy}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </IconButton>
      </div>
    </article>
  );
}
