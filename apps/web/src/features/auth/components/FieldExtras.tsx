import { CircleCheck, Eye, EyeOff } from 'lucide-react';

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

/** Show/hide toggle for a password field, placed in the field's label row. */
export function RevealToggle({ shown, onToggle, label = 'password' }: { shown: boolean; onToggle: () => void; label?: string }) {
  const Icon = shown ? EyeOff : Eye;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={`${shown ? 'Hide' : 'Show'} ${label}`}
      className="inline-flex items-center gap-1 rounded px-1 text-xs font-medium text-slate-400 hover:text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-300"
    >
      <Icon className="h-4 w-4" aria-hidden />
      <span aria-hidden>{shown ? 'Hide' : 'Show'}</span>
    </button>
  );
}
