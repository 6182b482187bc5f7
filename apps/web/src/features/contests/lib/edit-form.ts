/**
 * The Edit contest dialog's rules (spec 001 §5): title, category, description and the four dates
 * are required; empty values are left out; lists are trimmed with empties dropped; the cover goes
 * only when a new file is chosen. Prize, fees, entry type and voting terms are fixed once a contest
 * exists (money is in escrow), so the dialog shows them but never sends them (ZUpdateContest).
 *
 * A field the server keeps as it is when left out is sent only when the organizer changed it: a
 * date shown as a day must not move the stored time (the server locks dates by phase), and an
 * edit of the title must not rewrite the rules.
 */
import {
  MESSAGES,
  UPLOAD_LIMITS_BYTES,
  ZContestFields,
  ZUpdateContest,
  type ContestCategory,
  type ContestPhase,
  type TContest,
  type TUpdateContest,
} from '@contesthub/shared';
import { fieldErrors } from '../../../lib/forms';

export interface EditValues {
  title: string;
  category: ContestCategory | '';
  customCategory: string;
  description: string;
  /** Empty: unlimited. */
  maxParticipants: string;
  /** Days as yyyy-mm-dd in the browser's time zone. */
  entryStartDate: string;
  entryEndDate: string;
  votingStartDate: string;
  votingEndDate: string;
  /** One rule per line (a rule may hold commas). */
  rules: string;
  /** Comma-separated. */
  tags: string;
  allowMultipleEntries: boolean;
  showVoteCount: boolean;
  allowComments: boolean;
}

export type DateField = 'entryStartDate' | 'entryEndDate' | 'votingStartDate' | 'votingEndDate';
export const DATE_FIELDS: ReadonlyArray<{ field: DateField; label: string }> = [
  { field: 'entryStartDate', label: 'Entry start date' },
  { field: 'entryEndDate', label: 'Entry end date' },
  { field: 'votingStartDate', label: 'Voting start date' },
  { field: 'votingEndDate', label: 'Voting end date' },
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day of a moment, as a date input holds it. */
export function toDateInput(value: string | Date): string {
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A date input's day as ISO: start of day, or 23:59:59 local for an end date (spec 001 §5 step 4). */
export function fromDateInput(value: string, edge: 'start' | 'end'): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = edge === 'start' ? new Date(y, m - 1, d, 0, 0, 0, 0) : new Date(y, m - 1, d, 23, 59, 59, 0);
  return date.toISOString();
}

/** Comma- or line-separated text as a list: trimmed, empties dropped. */
export function splitList(text: string, separator: RegExp): string[] {
  return text
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function editValuesOf(c: TContest): EditValues {
  return {
    title: c.title,
    category: c.category,
    customCategory: c.customCategory ?? '',
    description: c.description,
    maxParticipants: c.maxParticipants == null ? '' : String(c.maxParticipants),
    entryStartDate: toDateInput(c.entryStartDate),
    entryEndDate: toDateInput(c.entryEndDate),
    votingStartDate: toDateInput(c.votingStartDate),
    votingEndDate: toDateInput(c.votingEndDate),
    rules: c.rules.join('\n'),
    tags: c.tags.join(', '),
    allowMultipleEntries: c.settings.allowMultipleEntries,
    showVoteCount: c.settings.showVoteCount,
    allowComments: c.settings.allowComments,
  };
}

/** Why a date can no longer change in this phase (the server's own locks), or null. */
export function dateLock(field: DateField, phase: ContestPhase): string | null {
  const opened = phase !== 'upcoming' && phase !== 'draft';
  if (field === 'entryStartDate' && opened) return 'Fixed: entries have opened.';
  if (field === 'entryEndDate' && (phase === 'awaiting_voting' || phase === 'voting')) return 'Fixed: entries have closed.';
  if (field === 'votingStartDate' && phase === 'voting') return 'Fixed: voting has started.';
  return null;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Which dates the organizer moved (by day), as the moments to send. */
function changedDates(c: TContest, v: EditValues): Partial<Record<DateField, string>> {
  const out: Partial<Record<DateField, string>> = {};
  const moved = (f: DateField) => v[f] !== '' && v[f] !== toDateInput(c[f]);
  const entryEnd = moved('entryEndDate') ? fromDateInput(v.entryEndDate, 'end') : c.entryEndDate;
  if (moved('entryStartDate')) out.entryStartDate = fromDateInput(v.entryStartDate, 'start');
  if (moved('entryEndDate')) out.entryEndDate = entryEnd;
  if (moved('votingStartDate')) {
    // Voting that starts on the day entries close starts when they close (not at midnight before).
    out.votingStartDate = v.votingStartDate === toDateInput(entryEnd) ? entryEnd : fromDateInput(v.votingStartDate, 'start');
  }
  if (moved('votingEndDate')) out.votingEndDate = fromDateInput(v.votingEndDate, 'end');
  return out;
}

const required = ZContestFields.pick({
  title: true,
  description: true,
  category: true,
  entryStartDate: true,
  entryEndDate: true,
  votingStartDate: true,
  votingEndDate: true,
});

export type EditResult = { ok: true; body: TUpdateContest } | { ok: false; errors: Record<string, string> };

/** The PUT body for these values, or the field errors that stop it (the shared schemas' messages). */
export function buildUpdate(c: TContest, v: EditValues): EditResult {
  const errors: Record<string, string> = {};
  const asDate = (value: string) => (value ? fromDateInput(value, 'start') : '');
  const requiredCheck = required.safeParse({
    title: v.title,
    description: v.description,
    category: v.category || undefined,
    entryStartDate: asDate(v.entryStartDate),
    entryEndDate: asDate(v.entryEndDate),
    votingStartDate: asDate(v.votingStartDate),
    votingEndDate: asDate(v.votingEndDate),
  });
  if (!requiredCheck.success) Object.assign(errors, fieldErrors(requiredCheck.error));

  const body: Record<string, unknown> = {
    title: v.title.trim(),
    description: v.description.trim(),
    ...(v.category ? { category: v.category } : {}),
  };
  if (v.category === 'other') {
    const custom = v.customCategory.trim();
    if (custom) body.customCategory = custom;
  }
  const max = v.maxParticipants.trim();
  if (max) body.maxParticipants = Number(max);
  else if (c.maxParticipants != null) body.maxParticipants = null; // cleared: unlimited from now on
  Object.assign(body, changedDates(c, v));

  const rules = splitList(v.rules, /\r?\n/);
  if (!sameList(rules, c.rules)) body.rules = rules;
  const tags = splitList(v.tags.toLowerCase(), /,/);
  if (!sameList(tags, c.tags)) body.tags = tags;
  const s = c.settings;
  if (v.allowMultipleEntries !== s.allowMultipleEntries || v.showVoteCount !== s.showVoteCount || v.allowComments !== s.allowComments) {
    body.settings = {
      allowMultipleEntries: v.allowMultipleEntries,
      requireApproval: s.requireApproval,
      showVoteCount: v.showVoteCount,
      allowComments: v.allowComments,
    };
  }

  const parsed = ZUpdateContest.safeParse(body);
  if (!parsed.success) {
    for (const [key, message] of Object.entries(fieldErrors(parsed.error))) errors[key] ??= message;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  // Sent as built: the schema only checks it (its defaults must not add fields the organizer left alone).
  return { ok: true, body: body as TUpdateContest };
}

const COVER_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** A chosen cover's problem (JPG, PNG, GIF or WEBP up to 5 MB), or null. */
export function coverProblem(file: File): string | null {
  if (!COVER_TYPES.has(file.type)) return MESSAGES.accounts.imageRequired;
  if (file.size > UPLOAD_LIMITS_BYTES.coverImage) return MESSAGES.accounts.imageTooLarge;
  return null;
}
