/**
 * The ledger side of paid votes, shared by casting, removal and contest cancellation: the
 * references (a vote is charged once and refunded at most once) and the revenue account to reverse.
 */
import type { DbOrTx } from '../../db/client.js';
import type { AccountSpec } from '../ledger/accounts.js';
import { postedAccount } from '../ledger/ledger.js';

export const voteChargeReference = (voteId: string) => `vote:${voteId}`;
export const voteRefundReference = (voteId: string) => `vote:refund:${voteId}`;

/** The revenue account a paid vote credited (a shard, or the single account of older votes). */
export async function paidVoteRevenueAccount(db: DbOrTx, voteId: string): Promise<AccountSpec> {
  const account = await postedAccount(db, voteChargeReference(voteId), 'platform_revenue');
  if (!account) throw new Error(`paid vote ${voteId} has no revenue line in the ledger`);
  return account;
}
