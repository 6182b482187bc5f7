import type { ReactNode, Ref } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** The frame every account page shares: one h1 with its icon and lead, then the page's body. */
export function AuthCard({
  icon: Icon,
  title,
  lead,
  children,
  wide = false,
}: {
  icon: LucideIcon;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={cn('mx-auto flex w-full flex-col px-4 py-12 sm:py-16', wide ? 'max-w-xl' : 'max-w-md')}>
      <Card className="p-5 sm:p-6">
        <div className="text-center">
          <span className="mx-auto grid h-12 w-12 place-items-center rounded-2xl bg-emerald-500/15 text-emerald-300">
            <Icon className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="mt-4 text-2xl font-bold">{title}</h1>
          {lead && <p className="mt-1 text-sm text-slate-400">{lead}</p>}
        </div>
        <div className="mt-8">{children}</div>
      </Card>
    </div>
  );
}

/** An error that belongs to the whole form (not one field), announced to screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-300">
      {children}
    </p>
  );
}

/**
 * The centred result that takes a form's place once it is done (sent, succeeded, failed): a large
 * icon, a heading the page moves focus to, then the message and the next steps.
 */
export function Outcome({
  icon: Icon,
  tone,
  title,
  role,
  headingRef,
  children,
}: {
  icon: LucideIcon;
  tone: 'success' | 'error';
  title: ReactNode;
  role?: 'status' | 'alert';
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <div className="text-center" role={role}>
      <Icon className={cn('mx-auto h-14 w-14', tone === 'success' ? 'text-emerald-400' : 'text-red-400')} aria-hidden />
      <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-xl font-bold focus:outline-none">
        {title}
      </h2>
      {children}
    </div>
  );
}
