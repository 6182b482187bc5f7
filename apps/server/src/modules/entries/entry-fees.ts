/**
 * Paid entry fees: vote credits move from the participant to the contest's CREDIT escrow in the
 * transaction that inserts the entry, and back when the entry is rejected or withdrawn. References
 * derive from the entry id, so a retried or repeated refund has one effect, whoever triggers it
 * (rejection, deletion, or the contest's cancellation, which should call refundEntryFee too).
 */
import type { CreditUnits } from '@contesthub/shared';
import type { Tx } from '../../db/client.js';
import { AppError, isAppError } from '../../lib/errors.js';
import { accounts } from '../ledger/accounts.js';
import { balanceOf, isPosted, paymentsInto, post, postedAmount } from '../ledger/ledger.js';
import { unitsToCredits } from '@contesthub/shared';

const FEE_PREFIX = 'entry:fee:';
export const entryFeeReference = (entryId: string) => `${FEE_PREFIX}${entryId}`;
export const entryFeeRefundReference = (entryId: string) => `entry:fee-refund:${entryId}`;

/** The client shows this text as is (spec 000 §8). */
export const INSUFFICIENT_VOTE_CREDITS = 'Insufficient vote credits';

function insufficientCredits(requiredUnits: CreditUnits, availableUnits: CreditUnits): AppError {
  return new AppError(400, INSUFFICIENT_VOTE_CREDITS, 'INSUFFICIENT_CREDITS', {
    required: unitsToCredits(requiredUnits),
    available: unitsToCredits(availableUnits),
  });
}

/** Refuses early (outside any transaction) when the participant cannot pay the fee. */
export async function assertCanPay(db: Parameters<typeof balanceOf>[0], userId: string, units: CreditUnits): Promise<void> {
  if (units <= 0) return;
  const available = await balanceOf(db, accounts.userCredits(userId));
  if (available < units) throw insufficientCredits(units, available);
}

export async function chargeEntryFee(
  tx: Tx,
  input: { entryId: string; contestId: string; contestTitle: string; userId: string; units: CreditUnits },
): Promise<void> {
  if (input.units <= 0) return;
  await assertCanPay(tx, input.userId, input.units);
  try {
    await post(tx, {
      reference: entryFeeReference(input.entryId),
      kind: 'entry_fee',
      description: `Entry fee: ${input.contestTitle}`.slice(0, 200),
      metadata: { contestId: input.contestId, entryId: input.entryId },
      lines: [
        { account: accounts.userCredits(input.userId), amount: -input.units },
        { account: accounts.contestEscrow(input.contestId, 'CREDIT'), amount: input.units },
      ],
    });
  } catch (err) {
    // A concurrent spend between the check and the locked post: same answer, the spec's text.
    if (isAppError(err) && err.errorType === 'INSUFFICIENT_CREDITS') {
      throw insufficientCredits(input.units, await balanceOf(tx, accounts.userCredits(input.userId)));
    }
    throw err;
  }
}

/** Credit units the entry's fee transaction moved into escrow (0 for a free entry). */
export async function chargedFee(tx: Tx, entryId: string, contestId: string): Promise<number> {
  const amount = await postedAmount(tx, entryFeeReference(entryId), accounts.contestEscrow(contestId, 'CREDIT'));
  return amount > 0 ? amount : 0;
}

/**
 * Returns the fee actually charged for the entry (read from the ledger, so a later change of the
 * contest's fee cannot over- or under-refund) from the contest's CREDIT escrow to the participant.
 * Idempotent: the refund reference is per entry. Returns the credit units refunded by this call
 * or an earlier one (0 for a free entry).
 */
export async function refundEntryFee(
  tx: Tx,
  input: { entryId: string; contestId: string; participantId: string; reason: string },
): Promise<number> {
  const units = await chargedFee(tx, input.entryId, input.contestId);
  if (units === 0) return 0;
  return postFeeRefund(tx, { ...input, units });
}

async function postFeeRefund(
  tx: Tx,
  input: { entryId: string; contestId: string; participantId: string; reason: string; units: CreditUnits },
): Promise<number> {
  const { units } = input;
  await post(tx, {
    reference: entryFeeRefundReference(input.entryId),
    kind: 'entry_fee_refund',
    description: `Entry fee refund: ${input.reason}`.slice(0, 200),
    metadata: { contestId: input.contestId, entryId: input.entryId },
    lines: [
      { account: accounts.contestEscrow(input.contestId, 'CREDIT'), amount: -units },
      { account: accounts.userCredits(input.participantId), amount: units },
    ],
  });
  return units;
}

/**
 * A cancelled contest gives back every entry fee still held: each fee paid into its CREDIT escrow
 * and not refunded yet (a rejected or deleted entry's was already), to the account that paid it.
 */
export async function refundContestEntryFees(
  tx: Tx,
  contest: { id: string; title: string },
): Promise<{ refunded: number; units: CreditUnits }> {
  const charges = await paymentsInto(tx, accounts.contestEscrow(contest.id, 'CREDIT'), FEE_PREFIX, 'user_credits');
  let refunded = 0;
  let units = 0;
  for (const charge of charges) {
    const entryId = charge.reference.slice(FEE_PREFIX.length);
    if (await isPosted(tx, entryFeeRefundReference(entryId))) continue;
    units += await postFeeRefund(tx, {
      entryId,
      contestId: contest.id,
      participantId: charge.payerUserId,
      reason: `"${contest.title}" was cancelled`,
      units: charge.amount,
    });
    refunded += 1;
  }
  return { refunded, units };
}
