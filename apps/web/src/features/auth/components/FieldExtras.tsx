import { CircleCheck } from 'lucide-react';

/** The live green tick beside a label whose field currently passes its rule. */
export function ValidTick({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-400" data-testid="valid-tick">
      <CircleCheck className="h-4 w-4" aria-hidden />
      <span className="sr-only">Looks good</span>
    </span>
  );
}
