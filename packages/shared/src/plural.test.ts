import { describe, expect, it } from 'vitest';
import { countOf, nounFor, pluralWord } from './plural.js';

describe('countOf', () => {
  it('writes one in the singular and every other count in the plural', () => {
    expect(countOf(1, 'contest')).toBe('1 contest');
    expect(countOf(2, 'contest')).toBe('2 contests');
    expect(countOf(0, 'contest')).toBe('0 contests');
    expect(countOf(1, 'entry')).toBe('1 entry');
    expect(countOf(3, 'entry')).toBe('3 entries');
    expect(countOf(1250, 'vote')).toBe('1,250 votes');
    expect(countOf(1.5, 'credit')).toBe('1.5 credits');
    expect(countOf(2, 'free vote')).toBe('2 free votes');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });

  it('knows the usual English plurals', () => {
    expect(pluralWord('day')).toBe('days');
    expect(pluralWord('category')).toBe('categories');
    expect(pluralWord('match')).toBe('matches');
    expect(nounFor(1, 'referral')).toBe('referral');
    expect(nounFor(7, 'referral')).toBe('referrals');
  });
});
