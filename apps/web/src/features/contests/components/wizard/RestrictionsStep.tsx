import { CONTEST_LIMITS, GENDERS, NIGERIAN_STATES } from '@contesthub/shared';
import { TextField } from '../../../../components/ui/field';
import { Switch } from '../../../../components/ui/switch';
import { itemError, type Gender, type NigerianState } from '../../lib/wizard';
import { CheckboxRow, ChipListField } from './controls';
import type { StepProps } from './step-props';

const GENDER_TEXT: Record<Gender, string> = { male: 'Male', female: 'Female' };
const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

/** Step 6 (spec 001 §5): restrictions, rules, tags and settings; only the limits of each apply. */
export function RestrictionsStep({ form, update, error, disabled }: StepProps) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="restrictions-heading" className="space-y-1">
        <h4 id="restrictions-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-400">
          Who can enter
        </h4>
        <div className="divide-y divide-slate-800">
          <div>
            <Switch
              label="Age restriction"
              description="Only participants within an age range may enter."
              checked={form.ageRestriction}
              disabled={disabled}
              onChange={(ageRestriction) => update({ ageRestriction })}
            />
            {form.ageRestriction && (
              <div className="grid gap-4 pb-4 sm:grid-cols-2">
                <TextField
                  id="contest-min-age"
                  label="Minimum age"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100}
                  step={1}
                  value={form.minAge}
                  error={error('restrictions.minAge')}
                  disabled={disabled}
                  onChange={(e) => update({ minAge: e.target.value })}
                />
                <TextField
                  id="contest-max-age"
                  label="Maximum age"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100}
                  step={1}
                  value={form.maxAge}
                  error={error('restrictions.maxAge')}
                  disabled={disabled}
                  onChange={(e) => update({ maxAge: e.target.value })}
                />
              </div>
            )}
          </div>
          <div>
            <Switch
              label="Gender restriction"
              description="Only the selected genders may enter."
              checked={form.genderRestriction}
              disabled={disabled}
              onChange={(genderRestriction) => update({ genderRestriction })}
            />
            {form.genderRestriction && (
              <fieldset className="pb-4">
                <legend className="sr-only">Allowed genders</legend>
                <div className="flex flex-wrap gap-x-6">
                  {GENDERS.map((g) => (
                    <CheckboxRow
                      key={g}
                      label={GENDER_TEXT[g]}
                      checked={form.allowedGenders.includes(g)}
                      onChange={(on) => update({ allowedGenders: toggle(form.allowedGenders, g, on) })}
                    />
                  ))}
                </div>
              </fieldset>
            )}
          </div>
          <div>
            <Switch
              label="Location restriction"
              description="Only participants from the selected states may enter."
              checked={form.locationRestriction}
              disabled={disabled}
              onChange={(locationRestriction) => update({ locationRestriction })}
            />
            {form.locationRestriction && (
              <fieldset className="pb-4">
                <legend className="mb-1 text-sm text-slate-300">
                  Allowed states <span className="text-xs text-slate-400">({form.allowedLocations.length} selected)</span>
                </legend>
                <div className="grid max-h-56 grid-cols-2 gap-x-4 overflow-y-auto rounded-lg border border-slate-800 px-3 py-1 sm:grid-cols-3">
                  {NIGERIAN_STATES.map((s: NigerianState) => (
                    <CheckboxRow
                      key={s}
                      label={s}
                      checked={form.allowedLocations.includes(s)}
                      onChange={(on) => update({ allowedLocations: toggle(form.allowedLocations, s, on) })}
                    />
                  ))}
                </div>
                {error('restrictions.allowedLocations') && (
                  <p role="alert" className="mt-1 text-sm text-red-400">
                    {error('restrictions.allowedLocations')}
                  </p>
                )}
              </fieldset>
            )}
          </div>
        </div>
      </section>

      <ChipListField
        id="contest-rules"
        label="Rules"
        itemName="rule"
        items={form.rules}
        onChange={(rules) => update({ rules })}
        max={CONTEST_LIMITS.rules}
        maxLength={CONTEST_LIMITS.ruleLength}
        check={(v) => itemError('rules', v)}
        error={error('rules')}
        hint={`Up to ${CONTEST_LIMITS.rules} rules, ${CONTEST_LIMITS.ruleLength} characters each.`}
        placeholder="e.g. Original work only"
      />
      <ChipListField
        id="contest-tags"
        label="Tags"
        itemName="tag"
        items={form.tags}
        onChange={(tags) => update({ tags })}
        max={CONTEST_LIMITS.tags}
        maxLength={CONTEST_LIMITS.tagLength}
        normalize={(v) => v.trim().toLowerCase()}
        check={(v) => itemError('tags', v)}
        error={error('tags')}
        hint={`Up to ${CONTEST_LIMITS.tags} tags, ${CONTEST_LIMITS.tagLength} characters each: lowercase letters, numbers and hyphens.`}
        placeholder="e.g. street-photography"
      />

      <section aria-labelledby="settings-heading" className="space-y-1">
        <h4 id="settings-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-400">
          Settings
        </h4>
        <div className="divide-y divide-slate-800">
          <Switch
            label="Allow multiple entries"
            description="A participant may submit more than one entry."
            checked={form.allowMultipleEntries}
            disabled={disabled}
            onChange={(allowMultipleEntries) => update({ allowMultipleEntries })}
          />
          <Switch
            label="Show vote counts"
            description="Vote totals are visible on entries."
            checked={form.showVoteCount}
            disabled={disabled}
            onChange={(showVoteCount) => update({ showVoteCount })}
          />
          <Switch
            label="Allow comments"
            description="Visitors may comment on the contest."
            checked={form.allowComments}
            disabled={disabled}
            onChange={(allowComments) => update({ allowComments })}
          />
        </div>
      </section>
    </div>
  );
}
