import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const control =
  'w-full rounded-lg border bg-slate-900 px-3 py-2.5 text-sm text-slate-100 placeholder:text-slate-400 transition-colors focus:outline-none focus:ring-2 disabled:opacity-60';
const controlState = (error?: string) =>
  error ? 'border-red-500/70 focus:ring-red-500/40' : 'border-slate-700 focus:border-emerald-500 focus:ring-emerald-500/30';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  aside?: ReactNode;
}

export function FieldShell({ id, label, error, hint, required, children, aside }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-200">
          {label}
          {required && (
            <span className="ml-0.5 text-red-400" aria-hidden>
              *
            </span>
          )}
        </label>
        {aside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-400" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type Common = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  aside?: ReactNode;
  id?: string;
  className?: string;
  required?: boolean;
};

/** The id, state classes and aria wiring every control shares with its FieldShell. */
function useControl({ id, error, hint, required, className }: Common, extra?: string) {
  const auto = useId();
  const fieldId = id ?? auto;
  return {
    fieldId,
    props: {
      id: fieldId,
      required,
      'aria-invalid': !!error || undefined,
      'aria-describedby': error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined,
      className: cn(control, controlState(error), extra, className),
    },
  };
}

export const TextField = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(function TextField(props, ref) {
  const { label, error, hint, aside, id: _id, className: _c, required, ...rest } = props;
  const { fieldId, props: control } = useControl(props);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={required} aside={aside}>
      <input ref={ref} {...rest} {...control} />
    </FieldShell>
  );
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, Common & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField(props, ref) {
    const { label, error, hint, aside, id: _id, className: _c, required, ...rest } = props;
    const { fieldId, props: control } = useControl(props, 'min-h-32 resize-y');
    return (
      <FieldShell id={fieldId} label={label} error={error} hint={hint} required={required} aside={aside}>
        <textarea ref={ref} {...rest} {...control} />
      </FieldShell>
    );
  },
);

export const SelectField = forwardRef<HTMLSelectElement, Common & SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectField(props, ref) {
    const { label, error, hint, aside, id: _id, className: _c, required, children, ...rest } = props;
    const { fieldId, props: control } = useControl(props);
    return (
      <FieldShell id={fieldId} label={label} error={error} hint={hint} required={required} aside={aside}>
        <select ref={ref} {...rest} {...control}>
          {children}
        </select>
      </FieldShell>
    );
  },
);
