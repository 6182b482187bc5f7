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
