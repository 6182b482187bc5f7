/**
 * A contest's entry restrictions (no database): age from the date of birth on the WAT calendar,
 * the state (case-insensitive) and gender, each refusal a 403 naming the requirement and saying
 * what to add to the profile when it is missing.
 */
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../src/lib/errors.js';
import type { ContestRestrictions } from '../../src/modules/entries/entries.repository.js';
import { assertMeetsRestrictions } from '../../src/modules/entries/entry-eligibility.js';

type Person = Parameters<typeof assertMeetsRestrictions>[1];
const at = new Date('2026-06-15T12:00:00Z');
const person = (p: { dateOfBirth?: string | null; locationState?: string | null; gender?: 'male' | 'female' | null }) =>
  ({ dateOfBirth: null, locationState: null, gender: null, ...p }) as unknown as Person;

function refusal(r: ContestRestrictions, p: Person): { status: number; message: string; requirement?: unknown } | undefined {
  try {
    assertMeetsRestrictions(r, p, at);
    return undefined;
  } catch (err) {
    const e = err as AppError & { extra?: Record<string, unknown> };
    return { status: e.statusCode, message: e.message, requirement: e.extra?.requirement };
  }
}

describe('age', () => {
  const adults: ContestRestrictions = { ageRestriction: true, minAge: 18, maxAge: 35 };

  it('lets in an entrant inside the range, counting the birthday itself', () => {
    expect(refusal(adults, person({ dateOfBirth: '2008-06-15' }))).toBeUndefined(); // 18 today
    expect(refusal(adults, person({ dateOfBirth: '1990-06-16' }))).toBeUndefined(); // 35 until tomorrow
  });

  it('refuses an entrant a day too young or too old, naming the range', () => {
    expect(refusal(adults, person({ dateOfBirth: '2008-06-16' }))).toMatchObject({
      status: 403,
      message: 'You do not meet the contest requirements: this contest is for ages 18 to 35',
      requirement: 'age',
    });
    expect(refusal(adults, person({ dateOfBirth: '1990-06-15' }))?.requirement).toBe('age'); // 36 today
  });

  it('asks for a date of birth when the profile has none, with one-sided ranges worded as such', () => {
    expect(refusal({ ageRestriction: true, minAge: 18 }, person({}))?.message).toBe(
      'You do not meet the contest requirements: this contest is for ages 18 and over. Add your date of birth to your profile.',
    );
    expect(refusal({ ageRestriction: true, maxAge: 12 }, person({ dateOfBirth: '2010-01-01' }))?.message).toBe(
      'You do not meet the contest requirements: this contest is for ages up to 12',
    );
  });

  it('ignores ages when the restriction is off or has no bounds', () => {
    expect(refusal({ ageRestriction: false, minAge: 18 }, person({ dateOfBirth: '2020-01-01' }))).toBeUndefined();
    expect(refusal({ ageRestriction: true, minAge: null, maxAge: null }, person({}))).toBeUndefined();
  });
});

describe('state and gender', () => {
  const lagosOrOyo: ContestRestrictions = { locationRestriction: true, allowedLocations: ['Lagos', 'Oyo'] };

  it('matches the state whatever its case and spaces', () => {
    expect(refusal(lagosOrOyo, person({ locationState: ' lagos ' }))).toBeUndefined();
  });

  it('refuses another state, and asks for one when the profile has none', () => {
    expect(refusal(lagosOrOyo, person({ locationState: 'Kano' }))).toMatchObject({
      message: 'You do not meet the contest requirements: this contest is open to entrants from Lagos, Oyo',
      requirement: 'location',
    });
    expect(refusal(lagosOrOyo, person({}))?.message).toBe(
      'You do not meet the contest requirements: this contest is open to entrants from Lagos, Oyo. Add your state to your profile.',
    );
  });

  it('refuses a gender the contest is not open to, or none given', () => {
    const women: ContestRestrictions = { genderRestriction: true, allowedGenders: ['female'] };
    expect(refusal(women, person({ gender: 'female' }))).toBeUndefined();
    expect(refusal(women, person({ gender: 'male' }))).toMatchObject({
      message: 'You do not meet the contest requirements: this contest is open to female entrants only',
      requirement: 'gender',
    });
    expect(refusal(women, person({}))?.requirement).toBe('gender');
  });

  it('checks nothing for a contest without restrictions', () => {
    expect(refusal({}, person({}))).toBeUndefined();
  });
});
