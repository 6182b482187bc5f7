import { ENTRY_TYPES, type EntryType } from '@contesthub/shared';
import { SelectField, TextField } from '../../../../components/ui/field';
import { RadioCards } from './controls';
import type { StepProps } from './step-props';

const ENTRY_TYPE_TEXT: Record<EntryType, string> = { photo: 'Photo', video: 'Video', audio: 'Audio', article: 'Article' };

/** Step 3 (spec 001 §5): entry fee (paid needs an amount in vote credits), entry type and review mode. */
export function EntryStep({ form, update, error, disabled }: StepProps) {
  return (
    <div className="space-y-5">
      <RadioCards
        legend="Entry fee"
        name="entryFee"
        columns={2}
        value={form.entryFee}
        onChange={(entryFee) => update({ entryFee })}
        options={[
          { value: 'free', label: 'Free', description: 'Anyone eligible can enter at no cost.' },
          { value: 'paid', label: 'Paid', description: 'Participants pay an entry fee in vote credits.' },
        ]}
        error={error('entryFee')}
      />
      {form.entryFee === 'paid' && (
        <TextField
          id="contest-entry-fee-amount"
          label="Entry fee amount (vote credits)"
          required
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={form.entryFeeAmount}
          error={error('entryFeeAmount')}
          disabled={disabled}
          onChange={(e) => update({ entryFeeAmount: e.target.value })}
        />
      )}
      <SelectField
        id="contest-entry-type"
        label="Entry type"
        required
        value={form.entryType}
        error={error('entryType')}
        hint="Participants can only submit this kind of entry."
        disabled={disabled}
        onChange={(e) => update({ entryType: e.target.value as EntryType })}
      >
        {ENTRY_TYPES.map((t) => (
          <option key={t} value={t}>
            {ENTRY_TYPE_TEXT[t]}
          </option>
        ))}
      </SelectField>
      <RadioCards
        legend="Entry review"
        name="entryReview"
        columns={2}
        value={form.entryReview}
        onChange={(entryReview) => update({ entryReview })}
        options={[
          { value: 'open', label: 'Open', description: 'Entries are published as soon as they are submitted.' },
          { value: 'review', label: 'Review', description: 'You approve each entry before it is published.' },
        ]}
        error={error('entryReview')}
      />
    </div>
  );
}
