import { Link } from 'react-router';
import { CheckCircle2, ChevronRight, MessageSquare, PlusCircle, ThumbsUp, Trophy, Upload, XCircle, type LucideIcon } from 'lucide-react';
import { formatDateTime, formatRelativeTime, type TRecentActivity } from '@contesthub/shared';
import { cn } from '../../../lib/cn';

const ICONS: Record<TRecentActivity['type'], { icon: LucideIcon; tone: string }> = {
  contest_created: { icon: PlusCircle, tone: 'bg-emerald-500/15 text-emerald-300' },
  entry_submitted: { icon: Upload, tone: 'bg-sky-500/15 text-sky-300' },
  entry_approved: { icon: CheckCircle2, tone: 'bg-emerald-500/15 text-emerald-300' },
  entry_rejected: { icon: XCircle, tone: 'bg-red-500/15 text-red-300' },
  vote_cast: { icon: ThumbsUp, tone: 'bg-violet-500/15 text-violet-300' },
  prize_won: { icon: Trophy, tone: 'bg-amber-500/15 text-amber-300' },
  comment_posted: { icon: MessageSquare, tone: 'bg-slate-700 text-slate-200' },
};

/** The user's latest events, each opening what it is about. */
export function RecentActivityList({ items }: { items: TRecentActivity[] }) {
  return (
    <ul className="divide-y divide-slate-800">
      {items.map((item) => {
        const { icon: Icon, tone } = ICONS[item.type];
        const body = (
          <>
            <span className={cn('grid h-9 w-9 shrink-0 place-items-center rounded-full', tone)}>
              <Icon className="h-4 w-4" aria-hidden />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block break-words text-sm font-medium">{item.title}</span>
              <time className="text-xs text-slate-400" dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
                {formatRelativeTime(item.createdAt)}
              </time>
            </span>
          </>
        );
        return (
          <li key={item.id}>
            {item.link ? (
              <Link
                to={item.link}
                className="flex items-center gap-3 px-4 py-3 hover:bg-slate-800/40 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-emerald-400 sm:px-6"
              >
                {body}
                <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              </Link>
            ) : (
              <div className="flex items-center gap-3 px-4 py-3 sm:px-6">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
