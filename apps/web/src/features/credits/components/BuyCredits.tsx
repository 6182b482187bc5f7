import { CreditPackages } from './CreditPackages';
import { CreditStats } from './CreditStats';
import { CreditTransactions } from './CreditTransactions';

/** Buy Credits: what the user holds and bought, the packages and a custom amount, and the credit history. */
export function BuyCreditsTab() {
  return (
    <div className="space-y-6">
      <CreditStats />
      <CreditPackages />
      <CreditTransactions />
    </div>
  );
}
