import { describe, expect, it } from 'vitest';
import { VOTE_CREDIT_PACKAGE_IDS } from './enums.js';
import {
  creditPurchaseQuote,
  CUSTOM_CREDIT_PRICE_KOBO,
  findVoteCreditPackage,
  hasCreditDiscount,
  subscriptionQuote,
  TRANSFER_FEE_KOBO,
  TRANSFER_MIN_CREDITS,
  transferQuote,
  transferShortfall,
  VOTE_CREDIT_PACKAGES,
  WITHDRAWAL_FEE_KOBO,
  withdrawalQuote,
  type VoteCreditPackageId,
} from './money-rules.js';

describe('vote-credit packages', () => {
  it('offers the five spec packages in order, exactly one popular', () => {
    expect(VOTE_CREDIT_PACKAGES.map((p) => p.id)).toEqual([...VOTE_CREDIT_PACKAGE_IDS]);
    expect(VOTE_CREDIT_PACKAGES.filter((p) => p.popular).map((p) => p.id)).toEqual(['large']);
  });

  it('makes each credit cheaper as the package grows, from ₦50 down to ₦40', () => {
    const perCredit = VOTE_CREDIT_PACKAGES.map((p) => p.priceKobo / p.credits);
    expect(perCredit).toEqual([50_00, 48_00, 45_00, 42_50, 40_00]);
    expect(perCredit[0]).toBe(CUSTOM_CREDIT_PRICE_KOBO);
  });

  it('finds a package by id and nothing for an unknown one', () => {
    expect(findVoteCreditPackage('xlarge')).toEqual({ id: 'xlarge', credits: 500, priceKobo: 21_250_00, popular: false });
    expect(findVoteCreditPackage('huge')).toBeUndefined();
  });
});

describe('creditPurchaseQuote', () => {
  const byPackage = (id: VoteCreditPackageId, premium: boolean) => creditPurchaseQuote({ package: id, premium });

  it('charges a free user the base price plus a 5% fee', () => {
    expect(byPackage('small', false)).toEqual({
      package: 'small',
      credits: 50,
      premium: false,
      basePriceKobo: 2_500_00,
      discountKobo: 0,
      discountedPriceKobo: 2_500_00,
      feeKobo: 125_00,
      totalKobo: 2_625_00,
    });
    expect(byPackage('medium', false).totalKobo).toBe(5_040_00);
    expect(byPackage('xxlarge', false).totalKobo).toBe(42_000_00);
  });

  it('takes 10% off a premium buyer before the fee, and the fee is 5% of the discounted price', () => {
    expect(byPackage('xxlarge', true)).toEqual({
      package: 'xxlarge',
      credits: 1_000,
      premium: true,
      basePriceKobo: 40_000_00,
      discountKobo: 4_000_00,
      discountedPriceKobo: 36_000_00,
      feeKobo: 1_800_00,
      totalKobo: 37_800_00,
    });
    expect(byPackage('medium', true)).toMatchObject({ discountKobo: 480_00, feeKobo: 216_00, totalKobo: 4_536_00 });
  });

  it('rounds the fee to the nearest whole naira, halves up', () => {
    // 5% of ₦2,250 = ₦112.50 → ₦113
    expect(byPackage('small', true)).toMatchObject({ discountedPriceKobo: 2_250_00, feeKobo: 113_00, totalKobo: 2_363_00 });
    // 5% of ₦11,250 = ₦562.50 → ₦563
    expect(byPackage('large', false)).toMatchObject({ feeKobo: 563_00, totalKobo: 11_813_00 });
    // 5% of ₦10,125 = ₦506.25 → ₦506
    expect(byPackage('large', true)).toMatchObject({ feeKobo: 506_00, totalKobo: 10_631_00 });
    // 5% of ₦19,125 = ₦956.25 → ₦956; 5% of ₦21,250 = ₦1,062.50 → ₦1,063
    expect(byPackage('xlarge', true).totalKobo).toBe(20_081_00);
    expect(byPackage('xlarge', false).totalKobo).toBe(22_313_00);
  });

  it('prices a purchase by amount as whole credits at ₦50 each', () => {
    expect(creditPurchaseQuote({ credits: 7, premium: false })).toEqual({
      package: null,
      credits: 7,
      premium: false,
      basePriceKobo: 350_00,
      discountKobo: 0,
      discountedPriceKobo: 350_00,
      feeKobo: 18_00, // ₦17.50 → ₦18
      totalKobo: 368_00,
    });
    // premium: ₦315 after discount, fee ₦15.75 → ₦16
    expect(creditPurchaseQuote({ credits: 7, premium: true })).toMatchObject({ discountKobo: 35_00, feeKobo: 16_00, totalKobo: 331_00 });
    // one credit: ₦2.50 → ₦3 for a free user, ₦2.25 → ₦2 for a premium one
    expect(creditPurchaseQuote({ credits: 1, premium: false }).totalKobo).toBe(53_00);
    expect(creditPurchaseQuote({ credits: 1, premium: true }).totalKobo).toBe(47_00);
  });

  it('always lands on whole naira', () => {
    for (const id of VOTE_CREDIT_PACKAGE_IDS) {
      for (const premium of [false, true]) expect(byPackage(id, premium).totalKobo % 100).toBe(0);
    }
  });

  it('refuses unknown packages and credits that are not whole, positive and in range', () => {
    expect(() => creditPurchaseQuote({ package: 'huge' as VoteCreditPackageId, premium: false })).toThrow(RangeError);
    expect(() => creditPurchaseQuote({ credits: 0, premium: false })).toThrow(RangeError);
    expect(() => creditPurchaseQuote({ credits: 2.5, premium: false })).toThrow(RangeError);
    expect(() => creditPurchaseQuote({ credits: 100_001, premium: false })).toThrow(RangeError);
    expect(creditPurchaseQuote({ credits: 100_000, premium: false }).totalKobo).toBe(5_250_000_00);
  });

  it('gives the discount to every paid tier and not to free', () => {
    expect(hasCreditDiscount('free')).toBe(false);
    expect(hasCreditDiscount('basic_premium')).toBe(true);
    expect(hasCreditDiscount('professional')).toBe(true);
  });
});

describe('transfers', () => {
  it('charges ₦100 per recipient and moves amount × recipients credits', () => {
    expect(TRANSFER_MIN_CREDITS).toBe(10);
    expect(TRANSFER_FEE_KOBO).toBe(100_00);
    expect(transferQuote(10, 1)).toEqual({ creditsPerRecipient: 10, recipients: 1, totalCredits: 10, feeKobo: 100_00 });
    expect(transferQuote(25, 3)).toEqual({ creditsPerRecipient: 25, recipients: 3, totalCredits: 75, feeKobo: 300_00 });
  });

  it('refuses less than 10 credits, fractions and no recipients', () => {
    expect(() => transferQuote(9, 1)).toThrow(RangeError);
    expect(() => transferQuote(10.5, 1)).toThrow(RangeError);
    expect(() => transferQuote(10, 0)).toThrow(RangeError);
  });

  it('says what is missing with the spec texts, credits first', () => {
    const quote = transferQuote(10, 3);
    expect(transferShortfall(quote, { voteCredits: 30, balanceKobo: 300_00 })).toBeNull();
    expect(transferShortfall(quote, { voteCredits: 25, balanceKobo: 0 })).toBe(
      'Insufficient vote credits. You need 30 credits but only have 25',
    );
    expect(transferShortfall(quote, { voteCredits: 1_500.5, balanceKobo: 150_50 })).toBe(
      'Insufficient naira balance. You need ₦300 for fees but only have ₦150.50',
    );
    expect(transferShortfall(transferQuote(1_000, 2), { voteCredits: 1_999, balanceKobo: 1_000_00 })).toBe(
      'Insufficient vote credits. You need 2,000 credits but only have 1,999',
    );
  });
});

describe('withdrawals', () => {
  it('deducts the amount plus a fixed ₦100', () => {
    expect(WITHDRAWAL_FEE_KOBO).toBe(100_00);
    expect(withdrawalQuote(5_000_00)).toEqual({ amountKobo: 5_000_00, feeKobo: 100_00, totalKobo: 5_100_00 });
    expect(withdrawalQuote(1)).toEqual({ amountKobo: 1, feeKobo: 100_00, totalKobo: 100_01 });
  });

  it('refuses nothing, negatives and fractions of a kobo', () => {
    expect(() => withdrawalQuote(0)).toThrow(RangeError);
    expect(() => withdrawalQuote(-100)).toThrow(RangeError);
    expect(() => withdrawalQuote(10.5)).toThrow(RangeError);
  });
});

describe('subscriptionQuote', () => {
  it('prices each paid tier and period in kobo with its length in days', () => {
    expect(subscriptionQuote('basic_premium', 'monthly')).toEqual({
      tier: 'basic_premium',
      duration: 'monthly',
      durationDays: 30,
      amountKobo: 2_500_00,
      discountKobo: 0,
    });
    expect(subscriptionQuote('basic_premium', 'yearly')).toEqual({
      tier: 'basic_premium',
      duration: 'yearly',
      durationDays: 365,
      amountKobo: 25_000_00,
      discountKobo: 5_000_00,
    });
    expect(subscriptionQuote('professional', 'monthly')).toMatchObject({ amountKobo: 7_500_00, durationDays: 30 });
    expect(subscriptionQuote('professional', 'yearly')).toMatchObject({ amountKobo: 75_000_00, discountKobo: 15_000_00 });
  });

  it('has no quote for the free tier', () => {
    expect(() => subscriptionQuote('free' as 'basic_premium', 'monthly')).toThrow(RangeError);
  });
});
