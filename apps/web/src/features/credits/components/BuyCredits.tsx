import { CreditPackages } from './CreditPackages';
import { CreditStats } from './CreditStats';
import { CreditTransactions } from './CreditTransactions';

/**
 * Buy Credits: what the user holds and bought, the packages and a custom amount, and the credit history.
 * `onCreditsChanged` hears of purchases verified here, for the page's other views of the balances.
 */
export function BuyCredits({ onCreditsChanged }: { onCreditsChanged?: () => void }) {
  return (
    <div className="space-y-6">
      <CreditStats />
      <CreditPackages />
      <CreditTransactions onCreditsChanged={onCreditsChanged} />
    </div>
  );
}
