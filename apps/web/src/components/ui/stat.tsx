import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Card, Skeleton } from './card';

/**
 * A figure in a card of its own: icon, label, value (a skeleton while loading, '—' when there is
 * none) and an optional note under it. `testId` marks the value for tests.
 */
export function StatCard({
  icon: Icon,
  tone,
  label,
  loading,
  testId,
  note,
  children,
}: {
  icon: LucideIcon;
  /** The icon's colour, e.g. 'text-emerald-300'. */
  tone: string;
  label: string;
  loading: boolean;
  testId?: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <Icon className={cn('h-6 w-6', tone)} aria-hidden />
      <p className="mt-3 text-sm text-slate-400">{label}</p>
      {loading ? (
        <Skeleton className="mt-1 h-8 w-24" />
      ) : (
        <>
          <p className="break-words text-xl font-bold sm:text-2xl" data-testid={testId}>
            {children ?? '—'}
          </p>
          {note && <p className="mt-1 text-xs text-slate-400">{note}</p>}
        </>
      )}
    </Card>
  );
}

/**
 * A summary tile in a row of them: goes inside a <dl>. The tile is the dt/dd group (a <div>, the
 * only other child a <dl> may have), so the icon sits inside the dt; it shows from the small
 * breakpoint on so three tiles fit a phone.
 */
export function StatTile({
  icon: Icon,
  label,
  loading,
  tone = 'bg-emerald-500/15 text-emerald-300',
  children,
}: {
  icon: LucideIcon;
  label: string;
  loading: boolean;
  /** The icon's background and colour. */
  tone?: string;
  children: ReactNode;
}) {
  return (
    <div className="relative min-w-0 rounded-2xl border border-slate-800 bg-slate-900/60 p-3 sm:p-5 sm:pl-20">
      <dt className="text-xs text-slate-400 sm:text-sm">
        <span className={cn('absolute left-5 top-1/2 hidden h-11 w-11 -translate-y-1/2 place-items-center rounded-xl sm:grid', tone)}>
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        {label}
      </dt>
      <dd className="text-xl font-bold text-slate-100 sm:text-2xl">{loading ? <Skeleton className="mt-1 h-7 w-16" /> : children}</dd>
    </div>
  );
}
