import { unitsToCredits, type Actor } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { assertCanManage, canSee } from './contest-access.js';
import { refundBadgeFee, refundEscrowToOrganizer } from './contest-funds.js';
import { CONTEST_MESSAGES } from './contests.messages.js';
import * as repo from './contests.repository.js';
import { removeCover } from './contests.upload.js';

/**
 * DELETE /api/contests/:id by the organizer or an admin, only while nobody has entered: the
 * escrowed prize goes back to the organizer's wallet and the badge fee to their credits, in the
 * same transaction that deletes the row. The row is really deleted (no foreign key stops it:
 * entries, votes, comments and badges cascade, and there are none of the first two); the ledger
 * keeps the history under the contest's id. The monthly contest count is not given back: the
 * free-tier limit counts contests created.
 */
export async function deleteContest(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ escrowRefunded: number; badgeFeeRefunded: number }> {
  const result = await ctx.db.transaction(async (tx) => {
    const row = await repo.getContestForUpdate(tx, id);
    if (!canSee(row, actor)) throw repo.contestNotFound();
    assertCanManage(row, actor);
    // Under the row lock: an entry being inserted holds a key-share lock on this row (its foreign
    // key), so it either committed before this count or waits and then fails on the missing contest.
    const entryCount = await repo.entryRowCount(tx, id);
    if (row.totalEntries > 0 || entryCount > 0) throw AppError.conflict(CONTEST_MESSAGES.hasEntries);

    const escrowRefunded = await refundEscrowToOrganizer(tx, row, 'delete');
    const badgeFeeRefunded = await refundBadgeFee(tx, row, 'delete');
    await repo.deleteContestRow(tx, id);
    return {
      escrowRefunded,
      badgeFeeRefunded: unitsToCredits(badgeFeeRefunded),
      cover: { coverImage: row.coverImage, coverImageSet: row.coverImageSet },
    };
  });
  await removeCover(ctx, id, result.cover);
  return { escrowRefunded: result.escrowRefunded, badgeFeeRefunded: result.badgeFeeRefunded };
}
