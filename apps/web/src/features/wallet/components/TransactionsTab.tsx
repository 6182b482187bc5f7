import { TransactionHistory } from './TransactionHistory';

/** Transactions: every naira and vote-credit movement of the ledger, filtered by asset and direction, 10 a page. */
export function TransactionsTab() {
  return <TransactionHistory pagerLabel="Transaction pages" />;
}
