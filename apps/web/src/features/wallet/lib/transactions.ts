import { creditsText, formatNaira, type TWalletTransaction } from '@contesthub/shared';

/** Signed amount in the asset's unit: '+₦2,850' or '−25 credits'. */
export function signedAmount(t: Pick<TWalletTransaction, 'asset' | 'direction' | 'amount'>): string {
  const sign = t.direction === 'credit' ? '+' : '−';
  return t.asset === 'NGN' ? `${sign}${formatNaira(t.amount)}` : `${sign}${creditsText(t.amount)}`;
}
