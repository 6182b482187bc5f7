import { describe, expect, it } from 'vitest';
import { addCodeSuccessText } from './messages';

describe('addCodeSuccessText', () => {
  it('tells both bonuses when the referee is paid at once', () => {
    expect(addCodeSuccessText({ refereeBonus: 25, referrerBonus: 50, referrerName: 'Ada Obi', refereeBonusPending: false })).toBe(
      'Referral code added! You both received bonus credits immediately: 25 credits for you and 50 for Ada Obi.',
    );
  });

  it('says the referee waits for email verification otherwise', () => {
    expect(addCodeSuccessText({ refereeBonus: 25, referrerBonus: 50, referrerName: 'Ada Obi', refereeBonusPending: true })).toBe(
      'Referral code added! Ada Obi received 50 credits immediately. You will get 25 credits after you verify your email.',
    );
  });
});
