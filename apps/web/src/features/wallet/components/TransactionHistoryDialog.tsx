import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TransactionHistory } from './TransactionHistory';

/**
 * Wallet Transaction History (spec 001 §2 Wallet modals), opened from the overview's View all: the
 * ledger list of the Transactions tab, with its filters and pages, without leaving the overview.
 */
export function TransactionHistoryDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title="Wallet Transaction History"
      description="Every naira and vote-credit movement, newest first."
      className="max-w-2xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <TransactionHistory pagerLabel="Transaction history pages" />
    </Dialog>
  );
}
