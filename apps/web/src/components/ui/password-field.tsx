import type { ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { TextField } from './field';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type'> & {
  /** Shows the text instead of dots; one state can serve a password and its confirmation. */
  shown?: boolean;
  /** When given, a Show/Hide button for `shown` sits in the label row, after any `aside`. */
  onToggleShown?: () => void;
};

/**
 * A required password input, a new password unless `autoComplete` says otherwise. The Show/Hide
 * button is named for "passwords": it governs every field that shares its `shown`.
 */
export function PasswordField({ shown = false, onToggleShown, aside, ...field }: PasswordFieldProps) {
  const toggle = onToggleShown && <RevealToggle shown={shown} onToggle={onToggleShown} />;
  return (
    <TextField
      type={shown ? 'text' : 'password'}
      autoComplete="new-password"
      required
      {...field}
      aside={
        aside && toggle ? (
          <span className="flex items-center gap-2">
            {aside}
            {toggle}
          </span>
        ) : (
          (toggle ?? aside)
        )
      }
    />
  );
}

/** The Show/Hide button, placed in the field's label row. */
function RevealToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const Icon = shown ? EyeOff : Eye;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={`${shown ? 'Hide' : 'Show'} passwords`}
      className="inline-flex items-center gap-1 rounded px-1 text-xs font-medium text-slate-400 hover:text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-300"
    >
      <Icon className="h-4 w-4" aria-hidden />
      <span aria-hidden>{shown ? 'Hide' : 'Show'}</span>
    </button>
  );
}
