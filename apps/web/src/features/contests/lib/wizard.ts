/**
 * The Create Contest wizard's form (spec 001 §2, §5): what the inputs hold (text as typed), how it
 * becomes the wire payload (prize in kobo, fees in vote credits, dates as ISO), and which step owns
 * which field. Every rule comes from the shared contest schema; nothing here re-states one.
 */
import {
  CONTEST_CATEGORIES,
  CONTEST_LIMITS,
  CONTEST_STEP_FIELDS,
  type GENDERS,
  type NIGERIAN_STATES,
  UPLOAD_LIMITS_BYTES,
  ZContestFields,
  contestStepErrors,
  nairaToKobo,
  type ContestCategory,
  type EntryType,
  type PrizeType,
  type TCreateContestInput,
  type VotingType,
} from '@contesthub/shared';

export type Step = keyof typeof CONTEST_STEP_FIELDS;
export const STEPS: ReadonlyArray<{ step: Step; title: string; description: string }> = [
  { step: 1, title: 'Basic Info', description: 'Name your contest, describe it and pick a category.' },
  { step: 2, title: 'Prize', description: 'What the winner receives.' },
  { step: 3, title: 'Entry', description: 'What participants submit and what it costs to enter.' },
  { step: 4, title: 'Timeline', description: 'When entries open and close, and when voting runs.' },
  { step: 5, title: 'Voting', description: 'How the public votes.' },
  { step: 6, title: 'Restrictions', description: 'Who may take part, the rules, tags and settings.' },
];
export const LAST_STEP = CONTEST_LIMITS.wizardSteps as Step;

export type Gender = (typeof GENDERS)[number];
export type NigerianState = (typeof NIGERIAN_STATES)[number];

/** The inputs as typed: numbers stay text until they are sent. */
export interface WizardForm {
  title: string;
  description: string;
  category: ContestCategory | '';
  customCategory: string;
  maxParticipants: string;
  prizeType: PrizeType;
  /** Naira as typed: digits and at most one decimal point. */
  prizeAmount: string;
  prizeItems: string[];
  badgeTitle: string;
  entryFee: 'free' | 'paid';
  /** Vote credits. */
  entryFeeAmount: string;
  entryType: EntryType;
  entryReview: 'open' | 'review';
  /** yyyy-mm-dd from the date inputs. */
  entryStartDate: string;
  entryEndDate: string;
  votingStartDate: string;
  votingEndDate: string;
  votingType: VotingType;
  /** Vote credits. */
  votingFeeAmount: string;
  freeVotesPerUser: string;
  maxVotesPerUser: string;
  ageRestriction: boolean;
  minAge: string;
  maxAge: string;
  locationRestriction: boolean;
  allowedLocations: NigerianState[];
  genderRestriction: boolean;
  allowedGenders: Gender[];
  rules: string[];
  tags: string[];
  allowMultipleEntries: boolean;
  showVoteCount: boolean;
  allowComments: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar day as the date input writes it. */
export const toDateInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const addDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);

/** Entries open today for a week; voting starts the day after and runs a week. */
export function emptyForm(today: Date = new Date()): WizardForm {
  return {
    title: '',
    description: '',
    category: '',
    customCategory: '',
    maxParticipants: '',
    prizeType: 'cash',
    prizeAmount: '',
    prizeItems: [],
    badgeTitle: '',
    entryFee: 'free',
    entryFeeAmount: '',
    entryType: 'photo',
    entryReview: 'open',
    entryStartDate: toDateInput(today),
    entryEndDate: toDateInput(addDays(today, 7)),
    votingStartDate: toDateInput(addDays(today, 8)),
    votingEndDate: toDateInput(addDays(today, 15)),
    votingType: 'free',
    votingFeeAmount: '',
    freeVotesPerUser: '1',
    maxVotesPerUser: '1',
    ageRestriction: false,
    minAge: '',
    maxAge: '',
    locationRestriction: false,
    allowedLocations: [],
    genderRestriction: false,
    allowedGenders: [],
    rules: [],
    tags: [],
    allowMultipleEntries: false,
    showVoteCount: true,
    allowComments: true,
  };
}

/** yyyy-mm-dd at local midnight, or at 23:59:59 local for an end date, as ISO; '' when not a date. */
export function dayToIso(day: string, end: boolean): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return '';
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = end ? new Date(y, mo, d, 23, 59, 59, 0) : new Date(y, mo, d, 0, 0, 0, 0);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The prize input keeps digits and the first decimal point, with at most two decimals (kobo). */
export function sanitizeAmount(typed: string): string {
  const kept = typed.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  if (dot === -1) return kept;
  return `${kept.slice(0, dot)}.${kept
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2)}`;
}

/** "1234567.5" → "1,234,567.5" for display; the decimal part stays as typed. */
export function groupThousands(amount: string): string {
  const [whole = '', ...rest] = amount.split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rest.length ? `${grouped}.${rest.join('')}` : grouped;
}

/** Naira as typed → kobo; nothing typed is 0 (the schema then asks for the amount). */
export function amountToKobo(amount: string): number {
  const naira = Number.parseFloat(amount);
  return Number.isFinite(naira) ? nairaToKobo(naira) : 0;
}

/** A number input's text → a number; blank is `blank` (null: not given; 0: the schema's own message). */
function num(text: string, blank: number | null): number | null {
  if (text.trim() === '') return blank;
  const n = Number(text);
  return Number.isFinite(n) ? n : blank;
}

/** The wire payload (spec 001 §3): only what the chosen options use. */
export function toPayload(form: WizardForm): TCreateContestInput {
  const isBadge = form.prizeType === 'badge';
  return {
    title: form.title,
    description: form.description,
    // An unchosen category is sent as '' so the schema answers 'Category is required'.
    category: form.category as ContestCategory,
    ...(form.category === 'other' ? { customCategory: form.customCategory } : {}),
    maxParticipants: num(form.maxParticipants, null),
    prizeType: form.prizeType,
    prizeAmount: isBadge ? 0 : amountToKobo(form.prizeAmount),
    prizeItems: form.prizeType === 'cashanditem' ? form.prizeItems : [],
    ...(isBadge ? { badgeTitle: form.badgeTitle } : {}),
    entryFee: form.entryFee,
    entryFeeAmount: form.entryFee === 'paid' ? (num(form.entryFeeAmount, 0) ?? 0) : 0,
    entryType: form.entryType,
    entryReview: form.entryReview,
    entryStartDate: dayToIso(form.entryStartDate, false),
    entryEndDate: dayToIso(form.entryEndDate, true),
    votingStartDate: dayToIso(form.votingStartDate, false),
    votingEndDate: dayToIso(form.votingEndDate, true),
    votingType: form.votingType,
    votingFeeAmount: form.votingType === 'free' ? 0 : (num(form.votingFeeAmount, 0) ?? 0),
    freeVotesPerUser: form.votingType === 'paid' ? 1 : (num(form.freeVotesPerUser, 0) ?? 0),
    maxVotesPerUser: num(form.maxVotesPerUser, 0),
    restrictions: {
      ageRestriction: form.ageRestriction,
      minAge: form.ageRestriction ? num(form.minAge, null) : null,
      maxAge: form.ageRestriction ? num(form.maxAge, null) : null,
      locationRestriction: form.locationRestriction,
      allowedLocations: form.locationRestriction ? form.allowedLocations : [],
      genderRestriction: form.genderRestriction,
      allowedGenders: form.genderRestriction ? form.allowedGenders : [],
    },
    rules: form.rules,
    tags: form.tags,
    settings: {
      allowMultipleEntries: form.allowMultipleEntries,
      requireApproval: form.entryReview === 'review',
      showVoteCount: form.showVoteCount,
      allowComments: form.allowComments,
    },
  };
}

export const stepErrors = (step: Step, form: WizardForm) => contestStepErrors(step, toPayload(form));

/** The step that owns a field error key ("restrictions.minAge" → 6); the cover image is step 1. */
export function stepOf(key: string): Step | undefined {
  const root = key.split('.')[0]!;
  if (root === 'coverImage') return 1;
  for (const { step } of STEPS) if ((CONTEST_STEP_FIELDS[step] as readonly string[]).includes(root)) return step;
  return undefined;
}

/** The first message of one list item, from the same schema the route uses ('' when it is fine). */
const itemSchemas = {
  prizeItems: ZContestFields.shape.prizeItems.unwrap().element,
  rules: ZContestFields.shape.rules.unwrap().element,
  tags: ZContestFields.shape.tags.unwrap().element,
};
export function itemError(list: keyof typeof itemSchemas, value: string): string {
  const result = itemSchemas[list].safeParse(value);
  return result.success ? '' : (result.error.issues[0]?.message ?? '');
}

/** Cover image (spec 001 §5 step 1): JPG, PNG, GIF or WEBP, at most 5 MB. */
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const COVER_MAX_BYTES = UPLOAD_LIMITS_BYTES.coverImage;

/** Wizard categories as shown (spec 001 §3), sent lowercased. */
export const CATEGORY_LABELS: Record<ContestCategory, string> = Object.fromEntries(
  CONTEST_CATEGORIES.map((c) => [c, c.replace(/\b\w/g, (ch) => ch.toUpperCase())]),
) as Record<ContestCategory, string>;

/**
 * Multipart body (spec 001 §7): text fields as they are, every other field as a JSON string, the
 * cover last so a refusal of the fields comes before the upload.
 */
export function toFormData(payload: Record<string, unknown>, cover: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined) continue;
    form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  form.append('coverImage', cover, cover.name);
  return form;
}
