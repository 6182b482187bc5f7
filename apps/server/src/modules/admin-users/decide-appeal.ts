/**
 * PUT /api/admin-tools/appeals/{id} (appeals.manage): a staff member other than the strike's issuer
 * approves or rejects an appeal. Approving the appeal of a ban lifts it the way an unban does
 * (applyUnban, in the same transaction), when the account is still banned.
 */
import { STANDING_MESSAGES, type TAppealDecision, type TAppealView } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now as clockNow } from '../../lib/clock.js';
import type { StaffActor } from '../../lib/http.js';
import { recordAppealDecision } from '../standing/standing.js';
import { toAppealView } from '../standing/standing.dto.js';
import { lockTarget } from './admin-users.repository.js';
import { applyUnban } from './user-status.js';

export async function decideAppeal(
  ctx: AppContext,
  actor: StaffActor,
  appealId: string,
  decision: TAppealDecision,
): Promise<{ appeal: TAppealView; message: string }> {
  const at = clockNow();
  const appeal = await ctx.db.transaction(async (tx) => {
    const { appeal, strike } = await recordAppealDecision(tx, actor, appealId, decision, at);
    if (decision.decision === 'approved' && strike.kind === 'ban' && (await lockTarget(tx, strike.userId))?.status === 'banned') {
      await applyUnban(tx, actor, strike.userId, `Appeal approved: ${decision.note}`, at);
    }
    return appeal;
  });
  return {
    appeal: toAppealView(appeal),
    message: decision.decision === 'approved' ? STANDING_MESSAGES.approved : STANDING_MESSAGES.rejected,
  };
}
