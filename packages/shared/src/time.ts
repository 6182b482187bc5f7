import { TIMEZONE } from './constants.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dateFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: TIMEZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: TIMEZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A date shown in West Africa Time, e.g. "22 Nov 2026". */
export function formatDate(value: Date | string | number): string {
  return dateFormat.format(new Date(value));
}

export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat.format(new Date(value));
}

/** 'Just now', Nm ago, Nh ago, 'Yesterday', Nd ago under 7 days, else the date (spec 000 §9). */
export function formatRelativeTime(value: Date | string | number, now: Date = new Date()): string {
  const diff = now.getTime() - new Date(value).getTime();
  if (diff < MINUTE) return 'Just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  const days = Math.floor(diff / DAY);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days}d ago`;
  return formatDate(value);
}

/** Whole days from now until a moment, rounded up; 0 once passed. */
export function daysUntil(value: Date | string | number, now: Date = new Date()): number {
  const diff = new Date(value).getTime() - now.getTime();
  return diff <= 0 ? 0 : Math.ceil(diff / DAY);
}

// ---------- the West Africa Time calendar day (the one place) ----------

/** WAT (Africa/Lagos) is UTC+1 all year: Nigeria keeps no daylight saving. */
export const WAT_OFFSET_MS = HOUR;
export const DAY_MS = DAY;

/** Start of the WAT calendar day containing `at`, as a UTC instant (daily limits reset here). */
export function watDayStart(at: Date): Date {
  const shifted = new Date(at.getTime() + WAT_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - WAT_OFFSET_MS);
}

/** 'YYYY-MM-DD' of the WAT calendar day containing `at`. */
export function watDate(at: Date): string {
  return new Date(at.getTime() + WAT_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole years from a 'YYYY-MM-DD' birth date to the WAT calendar day containing `at`. */
export function ageOn(dateOfBirth: string, at: Date): number {
  const [by, bm, bd] = dateOfBirth.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = watDate(at).split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** 'YYYY-MM' of the WAT calendar month containing `at` (the free tier's contest limit counts in it). */
export function watMonth(at: Date): string {
  return watDate(at).slice(0, 7);
}

/** Start of the WAT calendar month containing `at`, as a UTC instant (monthly revenue counts from here). */
export function watMonthStart(at: Date): Date {
  const shifted = new Date(at.getTime() + WAT_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), 1) - WAT_OFFSET_MS);
}
