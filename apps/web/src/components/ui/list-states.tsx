/**
 * The states every list or panel of server data goes through, drawn one way: loading rows, a
 * failed load with Try Again, and empty. Pages pick the words; these pick the look.
 */
import { Fragment, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from './button';
import { Card, Skeleton } from './card';

/**
 * Calls `notify` once per failed load (not again on every re-render; again for the next failure).
 * Returns the last error seen, so a caller that already reported one itself can mark it as seen.
 */
export function useOncePerError<E>(error: E | null | undefined, notify: (error: E) => void): RefObject<E | null> {
  const seen = useRef<E | null>(null);
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  });
  useEffect(() => {
    if (error && seen.current !== error) {
      seen.current = error;
      notifyRef.current(error);
    }
  }, [error]);
  return seen;
}

/** A grid of `count` card skeletons while the first page loads, announced by `label`. */
export function SkeletonGrid({
  label,
  count,
  className,
  children,
}: {
  label: string;
  count: number;
  className: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-label={label} className={className}>
      {Array.from({ length: count }, (_, i) => (
        <Fragment key={i}>{children}</Fragment>
      ))}
    </div>
  );
}

/** A load that failed, with Try Again: a card of its own, or (`framed={false}`) inside a panel that already is one. */
export function LoadError({
  message,
  onRetry,
  retrying,
  framed = true,
}: {
  message: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
  framed?: boolean;
}) {
  const content = (
    <>
      <p className="text-slate-300">{message}</p>
      <Button className="mt-6" variant="outline" onClick={onRetry} loading={retrying}>
        Try Again
      </Button>
    </>
  );
  return framed ? (
    <Card role="alert" className="py-12 text-center">
      {content}
    </Card>
  ) : (
    <div role="alert" className="px-6 py-12 text-center">
      {content}
    </div>
  );
}

/** A failed load as one line with Try Again, for a part of a page (a card, a panel). */
export function RetryNote({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-300">
      {message}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** A page's empty list: icon, heading, what to do, and the actions that lead on. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  actions,
  headingLevel = 3,
}: {
  icon: LucideIcon;
  title: ReactNode;
  /** The line under the heading. */
  children?: ReactNode;
  actions?: ReactNode;
  /** h2 where the page has no other h2 above the list (a public page), else h3. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className="py-14 text-center">
      <Icon className="mx-auto h-12 w-12 text-slate-400" aria-hidden />
      <Heading className="mt-4 text-xl font-semibold">{title}</Heading>
      {children && <p className="mx-auto mt-2 max-w-md text-slate-400">{children}</p>}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </Card>
  );
}

/** An empty panel or list inside a card: icon, one line and an optional hint. */
export function EmptyNote({ icon: Icon, title, hint }: { icon: LucideIcon; title: ReactNode; hint?: ReactNode }) {
  return (
    <div className="px-6 py-12 text-center">
      <Icon className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
      <p className="mt-3 font-semibold">{title}</p>
      {hint && <p className="mt-1 text-sm text-slate-400">{hint}</p>}
    </div>
  );
}

/** Loading rows of a list (avatar or icon, two lines, and an amount on the right when `trailing`). */
export function RowsSkeleton({ label, rows = 3, trailing = false }: { label: string; rows?: number; trailing?: boolean }) {
  return (
    <div role="status" aria-label={label} className="space-y-4 p-4 sm:p-6">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="h-9 w-9 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/4 max-w-64" />
            <Skeleton className="h-3 w-32 max-w-[40%]" />
          </div>
          {trailing && <Skeleton className="h-5 w-16" />}
        </div>
      ))}
    </div>
  );
}
