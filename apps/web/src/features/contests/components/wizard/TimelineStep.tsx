import { countOf, formatDate } from '@contesthub/shared';
import { TextField } from '../../../../components/ui/field';
import { dayToIso, type WizardForm } from '../../lib/wizard';
import type { StepProps } from './step-props';

type DateKey = 'entryStartDate' | 'entryEndDate' | 'votingStartDate' | 'votingEndDate';
const FIELDS: ReadonlyArray<{ key: DateKey; label: string; end: boolean }> = [
  { key: 'entryStartDate', label: 'Entry start date', end: false },
  { key: 'entryEndDate', label: 'Entry end date', end: true },
  { key: 'votingStartDate', label: 'Voting start date', end: false },
  { key: 'votingEndDate', label: 'Voting end date', end: true },
];

const days = (from: string, to: string) => {
  const a = Date.parse(dayToIso(from, false));
  const b = Date.parse(dayToIso(to, false));
  return Number.isNaN(a) || Number.isNaN(b) ? null : Math.round((b - a) / 86_400_000) + 1;
};

/** Step 4 (spec 001 §5): four dates; starts are sent as the start of the day, ends as 23:59:59 local. */
export function TimelineStep({ form, update, error, disabled }: StepProps) {
  const entryDays = days(form.entryStartDate, form.entryEndDate);
  const votingDays = days(form.votingStartDate, form.votingEndDate);
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map(({ key, label, end }) => (
          <TextField
            key={key}
            id={`contest-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`}
            label={label}
            required
            type="date"
            value={form[key]}
            error={error(key)}
            hint={end ? 'Closes at 23:59:59 on this day.' : 'Opens at the start of this day.'}
            disabled={disabled}
            onChange={(e) => update({ [key]: e.target.value } as Partial<WizardForm>)}
          />
        ))}
      </div>
      {entryDays !== null && votingDays !== null && entryDays > 0 && votingDays > 0 && (
        <p className="rounded-lg border border-slate-800 bg-slate-950/40 px-3 py-2 text-sm text-slate-300">
          Entries open {formatDate(dayToIso(form.entryStartDate, false))} for {countOf(entryDays, 'day')}; voting runs{' '}
          {countOf(votingDays, 'day')} until {formatDate(dayToIso(form.votingEndDate, true))}.
        </p>
      )}
    </div>
  );
}
