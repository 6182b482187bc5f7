/**
 * The money a contest holds: the naira prize in its escrow (funded from the organizer's wallet at
 * creation) and the badge fee in vote credits. One home for their ledger references and for giving
 * them back (deleting a contest, cancelling it, or finding no winner).
 */
import type { Tx } from '../../db/client.js';
import { accounts } from '../ledger/accounts.js';
import { balanceOf, isPosted, post, postedAmount } from '../ledger/ledger.js';
import type { ContestRow } from './contests.repository.js';

export const badgeFeeReference = (contestId: string) => `contest:create:${contestId}:badge-fee`;
export const escrowFundingReference = (contestId: string) => `contest:create:${contestId}:escrow`;

/** Why the money goes back, which names the reference (one refund per contest and reason). */
export type FundsReturn = 'delete' | 'cancel' | 'no-winner';
const returnReference = (contestId: string, why: FundsReturn, what: 'escrow' | 'badge-fee') =>
  why === 'no-winner' ? `contest:refund:${contestId}` : `contest:${why}:${contestId}:${what}`;
const WHY_TEXT: Record<FundsReturn, string> = {
  delete: 'deleted contest',
  cancel: 'cancelled contest',
  'no-winner': 'no approved entries in',
};

/** Whatever the contest's naira escrow holds goes back to the organizer's wallet. Kobo returned. */
export async function refundEscrowToOrganizer(tx: Tx, row: ContestRow, why: FundsReturn): Promise<number> {
  const escrow = accounts.contestEscrow(row.id, 'NGN');
  const held = await balanceOf(tx, escrow);
  if (held <= 0) return 0;
  await post(tx, {
    reference: returnReference(row.id, why, 'escrow'),
    kind: 'contest_escrow_refund',
    description: `Prize money returned: ${WHY_TEXT[why]} "${row.title}"`,
    metadata: { contestId: row.id },
    lines: [
      { account: escrow, amount: -held },
      { account: accounts.userWallet(row.organizerId), amount: held },
    ],
  });
  return held;
}

/**
 * The badge fee charged at creation goes back to the organizer, once: a contest cancelled and then
 * deleted is refunded by the first of the two only. Credit units returned.
 */
export async function refundBadgeFee(tx: Tx, row: ContestRow, why: Exclude<FundsReturn, 'no-winner'>): Promise<number> {
  const revenue = accounts.platformRevenue('CREDIT');
  const charged = await postedAmount(tx, badgeFeeReference(row.id), revenue);
  if (charged <= 0) return 0;
  const reference = returnReference(row.id, why, 'badge-fee');
  for (const earlier of (['cancel', 'delete'] as const).map((w) => returnReference(row.id, w, 'badge-fee'))) {
    if (earlier !== reference && (await isPosted(tx, earlier))) return 0;
  }
  await post(tx, {
    reference,
    kind: 'contest_badge_fee_refund',
    description: `Badge contest fee returned for "${row.title}"`,
    metadata: { contestId: row.id },
    lines: [
      { account: revenue, amount: -charged },
      { account: accounts.userCredits(row.organizerId), amount: charged },
    ],
  });
  return charged;
}
