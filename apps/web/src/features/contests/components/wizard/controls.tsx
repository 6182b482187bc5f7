import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { FieldShell } from '../../../../components/ui/field';
import { cn } from '../../../../lib/cn';

/** A labelled group of radio cards; each option is reachable by its label. */
export function RadioCards<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  columns = 3,
}: {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string; description?: ReactNode }>;
  onChange: (value: T) => void;
  error?: string;
  columns?: 2 | 3 | 4;
}) {
  const errorId = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-200">{legend}</legend>
      <div className={cn('grid gap-2', columns === 2 ? 'sm:grid-cols-2' : columns === 3 ? 'sm:grid-cols-3' : 'grid-cols-2 sm:grid-cols-4')}>
        {options.map((o) => {
          const checked = o.value === value;
          const labelId = `${name}-${o.value}-label`;
          const descriptionId = `${name}-${o.value}-description`;
          return (
            <label
              key={o.value}
              className={cn(
                'flex cursor-pointer items-start gap-2.5 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-400',
                checked ? 'border-emerald-500 bg-emerald-500/10' : 'border-slate-700 hover:border-slate-500',
              )}
            >
              <input
                id={`${name}-${o.value}`}
                type="radio"
                name={name}
                value={o.value}
                checked={checked}
                aria-labelledby={labelId}
                aria-describedby={o.description ? descriptionId : undefined}
                onChange={() => onChange(o.value)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-emerald-500"
              />
              <span className="min-w-0">
                <span id={labelId} className="block font-semibold text-slate-100">
                  {o.label}
                </span>
                {o.description && (
                  <span id={descriptionId} className="block text-xs text-slate-400">
                    {o.description}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxRow({
  label,
  checked,
  onChange,
  description,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: string;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-2.5 py-1.5 text-sm text-slate-200">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 accent-emerald-500"
      />
      <span>
        <span className="block font-medium">{label}</span>
        {description && <span className="block text-xs text-slate-400">{description}</span>}
      </span>
    </label>
  );
}

/**
 * A list edited one item at a time (prize items, rules, tags): type, press Enter or Add; each item
 * is a chip with its own Remove button. `check` answers the schema's message for one item.
 */
export function ChipListField({
  id,
  label,
  itemName,
  items,
  onChange,
  max,
  maxLength,
  check,
  normalize = (v) => v.trim(),
  error,
  hint,
  placeholder,
  required,
}: {
  id: string;
  label: string;
  /** "prize item", "rule", "tag": used in button names. */
  itemName: string;
  items: string[];
  onChange: (items: string[]) => void;
  max: number;
  maxLength: number;
  check: (value: string) => string;
  normalize?: (value: string) => string;
  error?: string;
  hint?: string;
  placeholder?: string;
  required?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [addError, setAddError] = useState('');
  const full = items.length >= max;

  const add = () => {
    const value = normalize(draft);
    if (!value) return;
    if (full) return setAddError(`You can add up to ${max} ${itemName}s`);
    if (items.includes(value)) return setAddError(`This ${itemName} is already in the list`);
    const problem = check(value);
    if (problem) return setAddError(problem);
    onChange([...items, value]);
    setDraft('');
    setAddError('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  const shown = addError || error;
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      error={shown}
      hint={hint}
      aside={
        <span className="text-xs text-slate-400">
          {items.length}/{max}
        </span>
      }
    >
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          maxLength={maxLength}
          placeholder={placeholder}
          disabled={full}
          aria-invalid={!!shown || undefined}
          aria-describedby={shown ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setAddError('');
          }}
          onKeyDown={onKeyDown}
          className={cn(
            'min-w-0 flex-1 rounded-lg border bg-slate-900 px-3 py-2.5 text-sm text-slate-100 placeholder:text-slate-500 focus:outline-none focus:ring-2 disabled:opacity-60',
            shown ? 'border-red-500/70 focus:ring-red-500/40' : 'border-slate-700 focus:border-emerald-500 focus:ring-emerald-500/30',
          )}
        />
        <Button
          variant="secondary"
          onClick={add}
          disabled={full || !draft.trim()}
          aria-label={`Add ${itemName}`}
          icon={<Plus className="h-4 w-4" aria-hidden />}
        >
          Add
        </Button>
      </div>
      {items.length > 0 && (
        <ul aria-label={label} className="flex flex-wrap gap-2 pt-1">
          {items.map((item, i) => (
            <li
              key={`${item}-${i}`}
              className="flex max-w-full items-center gap-1 rounded-full bg-slate-800 py-1 pl-3 pr-1 text-sm text-slate-200"
            >
              <span className="min-w-0 break-words">{item}</span>
              <button
                type="button"
                aria-label={`Remove ${itemName} ${item}`}
                onClick={() => onChange(items.filter((_, j) => j !== i))}
                className="rounded-full p-1 text-slate-400 hover:bg-slate-700 hover:text-red-300"
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </FieldShell>
  );
}
