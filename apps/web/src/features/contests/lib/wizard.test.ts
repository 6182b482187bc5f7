import { describe, expect, it } from 'vitest';
import {
  amountToKobo,
  dayToIso,
  emptyForm,
  groupThousands,
  itemError,
  sanitizeAmount,
  stepErrors,
  stepOf,
  toFormData,
  toPayload,
} from './wizard';

describe('prize amount input', () => {
  it('keeps digits and one decimal point, at most two decimals', () => {
    expect(sanitizeAmount('abc12,5.5.7')).toBe('125.57');
    expect(sanitizeAmount('1,000,000')).toBe('1000000');
    expect(sanitizeAmount('-50')).toBe('50');
    expect(sanitizeAmount('.5')).toBe('.5');
    expect(sanitizeAmount('12.345')).toBe('12.34');
  });
  it('shows thousands separators without touching the decimals', () => {
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('1234567.5')).toBe('1,234,567.5');
    expect(groupThousands('1000.')).toBe('1,000.');
    expect(groupThousands('0050')).toBe('50');
    expect(groupThousands('')).toBe('');
  });
  it('sends kobo', () => {
    expect(amountToKobo('50000')).toBe(5_000_000);
    expect(amountToKobo('1234.56')).toBe(123_456);
    expect(amountToKobo('')).toBe(0);
    expect(amountToKobo('.')).toBe(0);
  });
});

describe('dates', () => {
  it('sends a start as local midnight and an end as 23:59:59 local', () => {
    expect(dayToIso('2030-03-01', false)).toBe(new Date(2030, 2, 1, 0, 0, 0).toISOString());
    expect(dayToIso('2030-03-10', true)).toBe(new Date(2030, 2, 10, 23, 59, 59).toISOString());
    expect(dayToIso('', false)).toBe('');
    expect(dayToIso('10/03/2030', true)).toBe('');
  });
  it('defaults to entries opening today, voting after they close', () => {
    const form = emptyForm(new Date(2030, 0, 30));
    expect([form.entryStartDate, form.entryEndDate, form.votingStartDate, form.votingEndDate]).toEqual([
      '2030-01-30',
      '2030-02-06',
      '2030-02-07',
      '2030-02-14',
    ]);
    expect(stepErrors(4, form)).toEqual({});
  });
});

describe('payload', () => {
  it('sends only what the chosen options use', () => {
    const form = {
      ...emptyForm(new Date(2030, 0, 1)),
      prizeType: 'badge' as const,
      badgeTitle: 'Star',
      prizeAmount: '5000',
      prizeItems: ['x'],
    };
    const p = toPayload(form);
    expect(p.prizeAmount).toBe(0);
    expect(p.prizeItems).toEqual([]);
    expect(p.badgeTitle).toBe('Star');
    expect('customCategory' in p).toBe(false);
    expect(p.restrictions).toMatchObject({ minAge: null, maxAge: null, allowedLocations: [], allowedGenders: [] });
    expect(toPayload({ ...form, prizeType: 'cash' }).badgeTitle).toBeUndefined();
  });
  it('judges each step on its own, even while another step is incomplete', () => {
    const form = { ...emptyForm(new Date(2030, 0, 1)), prizeType: 'badge' as const };
    expect(form.category).toBe('');
    expect(stepErrors(2, form)).toEqual({ badgeTitle: 'Badge title is required' });
    expect(stepErrors(1, form)).toMatchObject({ title: 'Title is required', category: 'Category is required' });
    expect(stepErrors(5, { ...form, votingType: 'paid', votingFeeAmount: '5' })).toEqual({
      votingFeeAmount: 'Paid voting requires a minimum of 10 vote credits.',
    });
  });
  it('maps error keys to the step that owns them', () => {
    expect(stepOf('title')).toBe(1);
    expect(stepOf('coverImage')).toBe(1);
    expect(stepOf('prizeItems.3')).toBe(2);
    expect(stepOf('restrictions.minAge')).toBe(6);
    expect(stepOf('request')).toBeUndefined();
  });
  it('checks one list item with the shared schema', () => {
    expect(itemError('tags', 'street-photo')).toBe('');
    expect(itemError('tags', 'Street Photo')).toBe('Tags can contain lowercase letters, numbers and hyphens only');
    expect(itemError('rules', 'x'.repeat(201))).toBe('Each rule can be at most 200 characters');
  });
  it('builds a multipart body: text as is, everything else as JSON, the cover last', () => {
    const cover = new File(['img'], 'cover.png', { type: 'image/png' });
    const body = toFormData({ title: 'T', maxParticipants: null, tags: ['a'], badgeTitle: undefined, prizeAmount: 500 }, cover);
    expect([...body.keys()]).toEqual(['title', 'maxParticipants', 'tags', 'prizeAmount', 'coverImage']);
    expect(body.get('title')).toBe('T');
    expect(body.get('maxParticipants')).toBe('null');
    expect(body.get('tags')).toBe('["a"]');
    expect(body.get('prizeAmount')).toBe('500');
    expect((body.get('coverImage') as File).name).toBe('cover.png');
  });
});
