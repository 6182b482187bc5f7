/**
 * The result panel of the payment return pages (payment and subscription verification): an icon, a
 * focusable heading announced as a status or an alert, details, and the page's actions.
 */
import type { ReactNode, Ref } from 'react';
import { useSearchParams } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

const TONES = { success: 'text-emerald-400', error: 'text-red-400', warn: 'text-amber-300', busy: 'text-emerald-300' } as const;

export function Outcome({
  icon: Icon,
  tone,
  title,
  role,
  spin = false,
  headingRef,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: string;
  role: 'status' | 'alert';
  spin?: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <div className="text-center" role={role}>
      <Icon className={cn('mx-auto h-14 w-14', TONES[tone], spin && 'animate-spin')} aria-hidden />
      <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-xl font-bold focus:outline-none">
        {title}
      </h2>
      {children}
    </div>
  );
}

export function OutcomeActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">{children}</div>;
}

export function ReferenceLine({ reference }: { reference: string }) {
  return (
    <p className="mt-3 text-xs break-all text-slate-400">
      Reference: <span className="font-mono text-slate-400">{reference}</span>
    </p>
  );
}

/** The reference from the gateway's return: `reference`, or `trxref` as the fallback (spec 001 §2). */
export function usePaymentReference(): string | null {
  const [params] = useSearchParams();
  const value = (params.get('reference') ?? '').trim() || (params.get('trxref') ?? '').trim();
  return value || null;
}
