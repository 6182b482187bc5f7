import { useId, useState, type FormEvent } from 'react';
import {
  CONTEST_CATEGORIES,
  CONTEST_LIMITS,
  type ContestCategory,
  type TContest,
  ENTRY_TYPE_LABELS,
  entryFeeText,
} from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { FormDialog } from '../../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { ApiError } from '../../../lib/api';
import { useUpdateContest } from '../api/update-contest';
import { VOTING_TYPE_LABELS, prizeHeadline, votingFeeText } from '../lib/contest-labels';
import { DATE_FIELDS, buildUpdate, coverProblem, dateLock, editValuesOf, type EditValues } from '../lib/edit-form';
import { MY_CONTESTS_MESSAGES as M, updateFailureText } from '../lib/messages';

const categoryLabel = (c: string) => c.replace(/\b\w/g, (ch) => ch.toUpperCase());

/** The first error for a field or anything inside it (tags.2 belongs to tags). */
function errorFor(errors: Record<string, string>, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const nested = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return nested ? errors[nested] : undefined;
}

/** Edit contest (spec 001 §5): PUT /contests/{id} with what the organizer may still change. */
export function EditContestDialog({ contest, onClose, onSaved }: { contest: TContest; onClose: () => void; onSaved?: () => void }) {
  const formId = useId();
  const toast = useToast();
  const update = useUpdateContest();
  const [values, setValues] = useState<EditValues>(() => editValuesOf(contest));
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof EditValues>(key: K, value: EditValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const err = (field: string) => errorFor(errors, field);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const result = buildUpdate(contest, values);
    const coverError = cover ? coverProblem(cover) : null;
    if (!result.ok || coverError) {
      setErrors({ ...(result.ok ? {} : result.errors), ...(coverError ? { coverImage: coverError } : {}) });
      return;
    }
    setErrors({});
    update.mutate(
      { contestId: contest._id, body: result.body, cover },
      {
        onSuccess: () => {
          toast.success(M.updatedTitle, M.updated);
          onSaved?.();
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
          toast.error('Error', updateFailureText(error));
        },
      },
    );
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Edit Contest"
      description={contest.title}
      formId={formId}
      submitLabel="Save Changes"
      pending={update.isPending}
      className="max-w-2xl"
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Title"
          required
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          error={err('title')}
          maxLength={120}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Category"
            required
            value={values.category}
            onChange={(e) => set('category', e.target.value as ContestCategory | '')}
            error={err('category')}
          >
            <option value="">Select a category</option>
            {CONTEST_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </SelectField>
          {values.category === 'other' && (
            <TextField
              label="Custom category"
              required
              value={values.customCategory}
              onChange={(e) => set('customCategory', e.target.value)}
              error={err('customCategory')}
              maxLength={CONTEST_LIMITS.customCategory}
            />
          )}
        </div>
        <TextAreaField
          label="Description"
          required
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          error={err('description')}
          maxLength={5000}
        />
        <TextField
          label="Max participants"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.maxParticipants}
          onChange={(e) => set('maxParticipants', e.target.value)}
          error={err('maxParticipants')}
          hint="Leave empty for unlimited."
        />

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-200">Timeline</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {DATE_FIELDS.map(({ field, label }) => {
              const lock = dateLock(field, contest.phase);
              return (
                <TextField
                  key={field}
                  label={label}
                  type="date"
                  required
                  value={values[field]}
                  onChange={(e) => set(field, e.target.value)}
                  error={err(field)}
                  disabled={!!lock}
                  hint={lock ?? (field.endsWith('EndDate') ? 'Ends at 23:59:59 that day.' : 'Starts at the beginning of that day.')}
                />
              );
            })}
          </div>
        </fieldset>

        <TextAreaField
          label="Rules"
          value={values.rules}
          onChange={(e) => set('rules', e.target.value)}
          error={err('rules')}
          hint={`One rule per line, up to ${CONTEST_LIMITS.rules}.`}
          className="min-h-24"
        />
        <TextField
          label="Tags"
          value={values.tags}
          onChange={(e) => set('tags', e.target.value)}
          error={err('tags')}
          hint={`Separate tags with commas, up to ${CONTEST_LIMITS.tags} (lowercase letters, numbers and hyphens).`}
        />

        <fieldset>
          <legend className="text-sm font-semibold text-slate-200">Settings</legend>
          <div className="divide-y divide-slate-800">
            <Switch
              label="Allow multiple entries"
              description="A participant may submit more than one entry."
              checked={values.allowMultipleEntries}
              onChange={(v) => set('allowMultipleEntries', v)}
            />
            <Switch label="Show vote count" checked={values.showVoteCount} onChange={(v) => set('showVoteCount', v)} />
            <Switch label="Allow comments" checked={values.allowComments} onChange={(v) => set('allowComments', v)} />
          </div>
        </fieldset>

        <TextField
          label="Cover image"
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          onChange={(e) => {
            setCover(e.target.files?.[0] ?? null);
            setErrors(({ coverImage: _gone, ...rest }) => rest);
          }}
          error={err('coverImage')}
          hint={cover ? `New cover: ${cover.name}` : 'Optional: JPG, PNG, GIF or WEBP up to 5MB. Leave empty to keep the current cover.'}
        />

        <section aria-labelledby={`${formId}-fixed`} className="rounded-xl border border-slate-800 bg-slate-950/40 p-4 text-sm">
          <h3 id={`${formId}-fixed`} className="font-semibold text-slate-200">
            Fixed terms
          </h3>
          <p className="mt-1 text-xs text-slate-400">
            The prize, entry type, fees and voting terms cannot change once a contest exists: the prize is already in escrow and entrants
            joined on these terms.
          </p>
          <dl className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
            <div>
              <dt className="text-xs text-slate-400">Prize</dt>
              <dd>{prizeHeadline(contest)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">Entry type</dt>
              <dd>{ENTRY_TYPE_LABELS[contest.entryType]}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">Entry fee</dt>
              <dd>{entryFeeText(contest)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">{VOTING_TYPE_LABELS[contest.votingType]}</dt>
              <dd>{votingFeeText(contest)}</dd>
            </div>
          </dl>
        </section>
      </form>
    </FormDialog>
  );
}
