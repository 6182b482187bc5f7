/**
 * Subscription arithmetic (no database): the unused value of a running plan, taken off an upgrade's
 * price, and the time adjustment when the old plan changed while the payer was at the checkout.
 * Every figure is integer kobo or milliseconds, rounded in the house's favour.
 */
import { describe, expect, it } from 'vitest';
import { unusedValueKobo, upgradeAdjustmentMs } from '../../src/modules/subscriptions/subscriptions.service.js';

const DAY = 86_400_000;
const start = new Date('2026-01-01T00:00:00Z');
const monthly = { amountKobo: 500_000, startDate: start, endDate: new Date(start.getTime() + 30 * DAY) };

describe('unusedValueKobo', () => {
  it('is the remaining share of the price, floored to the kobo', () => {
    expect(unusedValueKobo(monthly, start)).toBe(500_000);
    expect(unusedValueKobo(monthly, new Date(start.getTime() + 15 * DAY))).toBe(250_000);
    // 1/3 of 500,000 kobo is 166,666.67: the payer is credited 166,666.
    expect(unusedValueKobo(monthly, new Date(start.getTime() + 20 * DAY))).toBe(166_666);
  });

  it('is nothing after the end and never more than the price before the start', () => {
    expect(unusedValueKobo(monthly, monthly.endDate)).toBe(0);
    expect(unusedValueKobo(monthly, new Date(monthly.endDate.getTime() + DAY))).toBe(0);
    expect(unusedValueKobo(monthly, new Date(start.getTime() - DAY))).toBe(500_000);
  });

  it('is nothing for a plan without dates or with no length', () => {
    expect(unusedValueKobo({ amountKobo: 500_000, startDate: null, endDate: null }, start)).toBe(0);
    expect(unusedValueKobo({ amountKobo: 500_000, startDate: start, endDate: start }, start)).toBe(0);
  });

  it('stays exact where kobo × milliseconds passes 2^53 (a yearly plan)', () => {
    const yearly = { amountKobo: 9_999_999, startDate: start, endDate: new Date(start.getTime() + 365 * DAY) };
    const at = new Date(start.getTime() + 1);
    // 9,999,999 × (365 days − 1 ms) / 365 days, floored: one kobo short of the price.
    expect(unusedValueKobo(yearly, at)).toBe(9_999_998);
    expect(Number.isSafeInteger(unusedValueKobo(yearly, at))).toBe(true);
  });
});

describe('upgradeAdjustmentMs', () => {
  const month = 30 * DAY;
  const price = 1_000_000;

  it('turns a surplus into new-plan time at the new rate, rounded down to the ms', () => {
    expect(upgradeAdjustmentMs(price, month, price)).toBe(month);
    expect(upgradeAdjustmentMs(1, month, price)).toBe(Math.floor(month / price));
    expect(upgradeAdjustmentMs(0, month, price)).toBe(0);
  });

  it('takes a shortfall off the new plan, rounded up to the ms', () => {
    expect(upgradeAdjustmentMs(-price, month, price)).toBe(-month);
    expect(upgradeAdjustmentMs(-1, month, price)).toBe(-Math.ceil(month / price));
    expect(upgradeAdjustmentMs(-3, 10, 7)).toBe(-5); // 30/7 = 4.29 → 5 ms off
    expect(upgradeAdjustmentMs(3, 10, 7)).toBe(4); // 4.29 → 4 ms added
  });
});
