import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The page numbers shown: at most `max` consecutive pages around the current one. */
export function pageWindow(page: number, pages: number, max = 5): number[] {
  if (pages <= 0) return [];
  const size = Math.min(max, pages);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * The one pager of the app: numbered pages with Previous and Next (at most five page buttons,
 * spec 001 §9), and 'Page N of M' read out when the page changes. Nothing is shown while
 * everything fits on one page.
 */
export function Pagination({
  page,
  pages,
  onChange,
  label = 'Pagination',
  disabled,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  label?: string;
  disabled?: boolean;
}) {
  if (pages <= 1) return null;
  const base =
    'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1.5">
      <button
        type="button"
        onClick={() => onChange(page - 1)}
        disabled={disabled || page <= 1}
        className={cn(base, 'gap-1 border border-slate-700 text-slate-200 hover:bg-slate-800')}
      >
        <ChevronLeft className="h-4 w-4" aria-hidden />
        Previous
      </button>
      {pageWindow(page, pages).map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => onChange(n)}
          disabled={disabled}
          aria-label={`Page ${n}`}
          aria-current={n === page ? 'page' : undefined}
          className={cn(base, n === page ? 'bg-emerald-500 text-slate-950' : 'border border-slate-700 text-slate-200 hover:bg-slate-800')}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        onClick={() => onChange(page + 1)}
        disabled={disabled || page >= pages}
        className={cn(base, 'gap-1 border border-slate-700 text-slate-200 hover:bg-slate-800')}
      >
        Next
        <ChevronRight className="h-4 w-4" aria-hidden />
      </button>
      <span className="sr-only" aria-live="polite">
        Page {page} of {pages}
      </span>
    </nav>
  );
}
