/** The frame, labelled figures and loading skeleton of the cards in a contest or entry grid. */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Skeleton } from './card';

/** The frame of a card in a contest or entry grid. */
export const CARD_FRAME =
  'flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20';

/** One labelled figure of a card's <dl>. */
export function CardFact({
  label,
  children,
  className,
  valueClassName,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className={cn('font-semibold', valueClassName)}>{children}</dd>
    </div>
  );
}

/** A card while it loads: the cover, the heading lines, then `children` (the card's own figures and buttons). */
export function CardSkeleton({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-32" />
        {children}
      </div>
    </div>
  );
}
