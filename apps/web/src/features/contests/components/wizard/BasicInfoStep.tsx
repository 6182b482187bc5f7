import { CONTEST_CATEGORIES, CONTEST_LIMITS } from '@contesthub/shared';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/field';
import { CATEGORY_LABELS, type WizardForm } from '../../lib/wizard';
import { CoverImageField } from './CoverImageField';
import type { StepProps } from './step-props';

/** Step 1 (spec 001 §5): title, description, category (custom when other), participants cap, cover. */
export function BasicInfoStep({
  form,
  update,
  error,
  disabled,
  cover,
}: StepProps & { cover: { file: File | null; error?: string; onPick: (file: File) => void; onClear: () => void } }) {
  return (
    <div className="space-y-5">
      <TextField
        id="contest-title"
        label="Contest title"
        required
        value={form.title}
        maxLength={120}
        error={error('title')}
        disabled={disabled}
        placeholder="e.g. Lagos at Night"
        onChange={(e) => update({ title: e.target.value })}
      />
      <TextAreaField
        id="contest-description"
        label="Description"
        required
        value={form.description}
        maxLength={5000}
        error={error('description')}
        disabled={disabled}
        placeholder="What is the contest about, and what makes a great entry?"
        onChange={(e) => update({ description: e.target.value })}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id="contest-category"
          label="Category"
          required
          value={form.category}
          error={error('category')}
          disabled={disabled}
          onChange={(e) => update({ category: e.target.value as WizardForm['category'] })}
        >
          <option value="">Select a category</option>
          {CONTEST_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <TextField
          id="contest-max-participants"
          label="Maximum participants"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={form.maxParticipants}
          error={error('maxParticipants')}
          hint="Leave empty for unlimited."
          disabled={disabled}
          onChange={(e) => update({ maxParticipants: e.target.value })}
        />
      </div>
      {form.category === 'other' && (
        <TextField
          id="contest-custom-category"
          label="Custom category"
          required
          value={form.customCategory}
          maxLength={CONTEST_LIMITS.customCategory}
          error={error('customCategory')}
          disabled={disabled}
          onChange={(e) => update({ customCategory: e.target.value })}
        />
      )}
      <CoverImageField {...cover} disabled={disabled} />
    </div>
  );
}
