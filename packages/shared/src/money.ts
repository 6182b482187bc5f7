/**
 * The one money type: naira are held as integer kobo, vote credits as integer hundredths.
 * Conversions happen only at the edges (forms, display); the ledger never sees a fraction.
 */
declare const unit: unique symbol;
/**
 * Integer kobo, and integer hundredths of a vote credit. Branded by unit: a plain number (a
 * literal, a sum, a database integer) is either, but a value typed as one unit is refused where
 * the other is expected, so credits never pass as naira or back.
 */
export type Kobo = number & { readonly [unit]?: 'kobo' };
export type CreditUnits = number & { readonly [unit]?: 'credit-units' };

export const KOBO_PER_NAIRA = 100;
export const UNITS_PER_CREDIT = 100;

function toMinorUnits(value: number, perUnit: number, what: string): number {
  if (!Number.isFinite(value)) throw new RangeError(`${what} must be a finite number`);
  const minor = Math.round(value * perUnit);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${what} is out of range`);
  return minor;
}

export const nairaToKobo = (naira: number): Kobo => toMinorUnits(naira, KOBO_PER_NAIRA, 'Amount');
export const koboToNaira = (kobo: Kobo): number => kobo / KOBO_PER_NAIRA;
export const creditsToUnits = (credits: number): CreditUnits => toMinorUnits(credits, UNITS_PER_CREDIT, 'Credits');
export const unitsToCredits = (units: CreditUnits): number => units / UNITS_PER_CREDIT;

const nairaFormat = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const koboFormat = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₦12,500 or ₦12,500.50 from kobo: whole naira without decimals, otherwise always two. */
export function formatNaira(kobo: Kobo): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const format = abs % KOBO_PER_NAIRA === 0 ? nairaFormat : koboFormat;
  return `${sign}₦${format.format(abs / KOBO_PER_NAIRA)}`;
}

/** Thousands separators for plain numbers (form inputs, counts). */
export function formatNumber(value: number): string {
  return nairaFormat.format(value);
}

/** 1.2K, 3.4M style used by the home statistics strip. */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  const trim = (n: number) => n.toFixed(1).replace(/\.0$/, '');
  // From 999,950 on, thousands would round to "1000K": that is "1M".
  if (abs >= 999_950) return `${trim(value / 1_000_000)}M`;
  if (abs >= 1_000) return `${trim(value / 1_000)}K`;
  return String(value);
}

/** Vote counts of 1000 or more show as 'k' with one decimal (spec 000 §9). */
export function formatVoteCount(votes: number): string {
  if (votes >= 1000) return `${(votes / 1000).toFixed(1)}k`;
  return String(votes);
}

export function formatCredits(units: CreditUnits): string {
  return formatNumber(unitsToCredits(units));
}
