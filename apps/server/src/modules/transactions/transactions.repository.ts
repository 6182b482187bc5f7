/** Queries of /api/transactions: sums over the caller's own ledger lines, through the ledger's read API. */
import type { DbOrTx } from '../../db/client.js';
import { ownedFlowsByKind, type KindFlowRow } from '../ledger/ledger.js';

export type { KindFlowRow } from '../ledger/ledger.js';

/** The kinds of account a user owns: their naira wallet and their vote credits. */
const USER_ACCOUNT_KINDS = ['user_wallet', 'user_credits'];

/**
 * Per asset and ledger kind: how many lines moved the user's own accounts in [from, to] (either end
 * optional, both inclusive), and the minor units in and out.
 */
export function flowsByKind(db: DbOrTx, userId: string, range: { from?: Date | undefined; to?: Date | undefined }): Promise<KindFlowRow[]> {
  return ownedFlowsByKind(db, userId, USER_ACCOUNT_KINDS, range);
}
