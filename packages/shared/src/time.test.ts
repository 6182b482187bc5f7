import { describe, expect, it } from 'vitest';
import { daysUntil, formatDate, formatRelativeTime } from './time.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    ['0 seconds', 0, 'Just now'],
    ['59 seconds', 59 * SECOND, 'Just now'],
    ['1 minute', MINUTE, '1m ago'],
    ['59 minutes', 59 * MINUTE + 59 * SECOND, '59m ago'],
    ['1 hour', HOUR, '1h ago'],
    ['23 hours', 23 * HOUR + 59 * MINUTE, '23h ago'],
    ['24 hours', DAY, 'Yesterday'],
    ['47 hours', 47 * HOUR, 'Yesterday'],
    ['2 days', 2 * DAY, '2d ago'],
    ['6 days 23 hours', 6 * DAY + 23 * HOUR, '6d ago'],
  ])('%s ago → %s', (_label, ms, text) => {
    expect(formatRelativeTime(ago(ms), NOW)).toBe(text);
  });

  it('shows the date from 7 days on', () => {
    expect(formatRelativeTime(ago(7 * DAY), NOW)).toBe('15 Nov 2026');
    expect(formatRelativeTime('2025-01-05T10:00:00Z', NOW)).toBe('5 Jan 2025');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(formatRelativeTime(ago(5 * MINUTE).toISOString(), NOW)).toBe('5m ago');
    expect(formatRelativeTime(ago(3 * HOUR).getTime(), NOW)).toBe('3h ago');
  });

  it('treats a moment slightly in the future (clock skew) as just now', () => {
    expect(formatRelativeTime(new Date(NOW.getTime() + 5 * SECOND), NOW)).toBe('Just now');
  });
});

describe('formatDate', () => {
  it('shows the calendar day in West Africa Time, not UTC', () => {
    // 23:30 UTC on 1 Nov is 00:30 on 2 Nov in Lagos (UTC+1).
    expect(formatDate('2026-11-01T23:30:00Z')).toBe('2 Nov 2026');
    expect(formatDate('2026-11-01T22:59:00Z')).toBe('1 Nov 2026');
  });
});

describe('daysUntil', () => {
  it('counts whole days, rounding up, and 0 once passed', () => {
    expect(daysUntil(new Date(NOW.getTime() + DAY), NOW)).toBe(1);
    expect(daysUntil(new Date(NOW.getTime() + DAY + 1), NOW)).toBe(2);
    expect(daysUntil(new Date(NOW.getTime() + 1), NOW)).toBe(1);
    expect(daysUntil(NOW, NOW)).toBe(0);
    expect(daysUntil(new Date(NOW.getTime() - DAY), NOW)).toBe(0);
  });
});
