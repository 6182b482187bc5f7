import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditsToUnits,
  formatCompact,
  formatCredits,
  formatNaira,
  formatNumber,
  formatVoteCount,
  koboToNaira,
  nairaToKobo,
  unitsToCredits,
  type CreditUnits,
  type Kobo,
} from './money.js';

describe('formatNaira (from kobo)', () => {
  it.each([
    [0, '₦0'],
    [100, '₦1'],
    [1_250_000, '₦12,500'],
    [1_250_050, '₦12,500.50'],
    [1_250_005, '₦12,500.05'],
    [99, '₦0.99'],
    [-150, '-₦1.50'],
    [10_000_000_000, '₦100,000,000'],
  ])('%i kobo → %s', (kobo, text) => {
    expect(formatNaira(kobo)).toBe(text);
  });
});

describe('formatCompact (home statistics)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1K'],
    [1_250, '1.3K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_950, '1M'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [1_500_000, '1.5M'],
    [2_000_000, '2M'],
    [-1_500, '-1.5K'],
  ])('%i → %s', (value, text) => {
    expect(formatCompact(value)).toBe(text);
  });

  it('never shows 1000 of a unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (n) => {
        expect(formatCompact(n)).not.toMatch(/^1000(\.0)?K$/);
      }),
    );
  });
});

describe('formatVoteCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1.0k'],
    [1_250, '1.3k'],
    [12_345, '12.3k'],
  ])('%i votes → %s', (votes, text) => {
    expect(formatVoteCount(votes)).toBe(text);
  });
});

describe('conversions', () => {
  it('turns naira into whole kobo, rounding to the nearest kobo', () => {
    expect(nairaToKobo(12.5)).toBe(1_250);
    expect(nairaToKobo(19.99)).toBe(1_999);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(nairaToKobo(1_000)).toBe(100_000);
    expect(nairaToKobo(0.004)).toBe(0);
    expect(nairaToKobo(0.006)).toBe(1);
    expect(nairaToKobo(-2.5)).toBe(-250);
  });

  it('round-trips every kobo amount through naira', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000_000, max: 10_000_000_000_000 }), (kobo) => {
        expect(nairaToKobo(koboToNaira(kobo))).toBe(kobo);
      }),
    );
  });

  it('refuses what is not a finite amount', () => {
    expect(() => nairaToKobo(Number.NaN)).toThrow(RangeError);
    expect(() => nairaToKobo(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => nairaToKobo(1e20)).toThrow(RangeError);
    expect(() => creditsToUnits(Number.NaN)).toThrow(RangeError);
  });

  it('holds vote credits in hundredths', () => {
    expect(creditsToUnits(0.01)).toBe(1);
    expect(creditsToUnits(1.5)).toBe(150);
    expect(creditsToUnits(10)).toBe(1_000);
    expect(unitsToCredits(150)).toBe(1.5);
    expect(formatCredits(150_050)).toBe('1,500.5');
    expect(formatNumber(1_234_567)).toBe('1,234,567');
  });
});

describe('units in the types', () => {
  it('refuses credit units where kobo are expected and back (checked by the typecheck)', () => {
    const fee: Kobo = nairaToKobo(50);
    const units: CreditUnits = creditsToUnits(3);
    const charge = (k: Kobo) => k;
    const spend = (u: CreditUnits) => u;
    // @ts-expect-error credit units are not kobo
    charge(units);
    // @ts-expect-error kobo are not credit units
    spend(fee);
    // A plain integer (a literal, a sum, a database column) is either.
    expect(charge(fee + 100)).toBe(5_100);
    expect(spend(units + 1)).toBe(301);
  });
});
