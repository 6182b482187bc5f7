import { SelectField } from '../../../components/ui/field';

/** 'banned' → 'Banned': the admin lists' labels of roles, statuses and appeal states. */
export const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A list filter: "all" (the empty value) or one of `options`, labelled with its capitalised value. */
export function FilterSelect<T extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: readonly T[];
  value: T | '';
  onChange: (value: T | '') => void;
}) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value as T | '')}>
      <option value="">{allLabel}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {capitalised(o)}
        </option>
      ))}
    </SelectField>
  );
}
