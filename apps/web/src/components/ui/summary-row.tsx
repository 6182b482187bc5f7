import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** One line of a money summary (inside a <dl>): label on the left, amount on the right. */
export function SummaryRow({
  label,
  value,
  strong = false,
  testId,
  ruled = false,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
  /** A rule above the row, for a total under its parts (on the row itself: a wrapper would break the <dl>). */
  ruled?: boolean;
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3', ruled && 'border-t border-slate-800 pt-1.5')}>
      <dt className="min-w-0 text-slate-400">{label}</dt>
      <dd className={cn('shrink-0 text-right', strong ? 'text-base font-bold text-slate-100' : 'text-slate-200')} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
