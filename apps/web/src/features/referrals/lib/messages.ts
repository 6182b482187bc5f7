import { formatNumber, type TAddReferralResult, countOf } from '@contesthub/shared';

export const ADD_CODE_FAILED = 'Failed to add referral code. Please try again.';

/** The add-code success text (spec 001 §8): immediate bonus for both, or the referee's 25 waits for email verification. */
export function addCodeSuccessText(r: TAddReferralResult): string {
  const referrer = r.referrerName || 'Your referrer';
  if (!r.refereeBonusPending) {
    return `Referral code added! You both received bonus credits immediately: ${countOf(r.refereeBonus, 'credit')} for you and ${formatNumber(r.referrerBonus)} for ${referrer}.`;
  }
  return `Referral code added! ${referrer} received ${countOf(r.referrerBonus, 'credit')} immediately. You will get ${countOf(r.refereeBonus, 'credit')} after you verify your email.`;
}
