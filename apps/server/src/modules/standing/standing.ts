/**
 * A person's account standing and their appeals; the appeals queue staff read, and the decision's
 * own writes (the caller, admin-users' decideAppeal, adds what approving a ban does).
 */
import {
  pageOf,
  pageOffset,
  STANDING_MESSAGES,
  type TAppealsPage,
  type TAppealsQuery,
  type TAppealView,
  type TStanding,
  type TStrikeView,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { now as clockNow } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import type { StaffActor } from '../../lib/http.js';
import { appendAudit } from '../audit/audit.js';
import { appealDeadlineOf, toAppealView, toStaffAppeal, toStrikeView } from './standing.dto.js';
import { appealDecided } from './standing.events.js';
import {
  appealOfStrike,
  countAppeals,
  insertAppeal,
  listAppeals,
  lockAppeal,
  lockStrikeOf,
  setAppealDecision,
  strikesOf,
  type AppealRow,
  type StrikeRow,
} from './standing.repository.js';

/** A user's strikes with their appeals, newest first (their standing page, and staff's user file). */
export async function strikeViews(db: DbOrTx, userId: string, at: Date = clockNow()): Promise<TStrikeView[]> {
  return (await strikesOf(db, userId)).map((r) => toStrikeView(r.strike, r.appeal, at));
}

export async function standingOf(ctx: AppContext, userId: string): Promise<TStanding> {
  return { strikes: await strikeViews(ctx.db, userId) };
}

/**
 * Appeals a strike: once per strike (the strike's row lock, then the unique strike id), within 20
 * days of it. The appeal waits in the appeals queue for a staff member other than the issuer.
 */
export async function fileAppeal(ctx: AppContext, userId: string, strikeId: string, text: string): Promise<TAppealView> {
  const at = clockNow();
  return ctx.db.transaction(async (tx) => {
    const strike = await lockStrikeOf(tx, strikeId, userId);
    if (!strike) throw AppError.notFound(STANDING_MESSAGES.strikeNotFound);
    if (await appealOfStrike(tx, strikeId)) throw AppError.conflict(STANDING_MESSAGES.appealTwice);
    if (at.getTime() > appealDeadlineOf(strike).getTime()) throw AppError.badRequest(STANDING_MESSAGES.appealTooLate);
    return toAppealView(await insertAppeal(tx, { strikeId, userId, text, status: 'pending', createdAt: at }));
  });
}

export async function appealsPage(ctx: AppContext, q: TAppealsQuery): Promise<TAppealsPage> {
  const [rows, total] = [await listAppeals(ctx.db, q.status, q.limit, pageOffset(q)), await countAppeals(ctx.db, q.status)];
  return { appeals: rows.map(toStaffAppeal), pagination: pageOf(q, total) };
}

/**
 * The decision's own part, in the caller's transaction: the appeal locked and still pending, decided
 * by someone other than the strike's issuer and the appellant, its audit row and appeal.decided.
 */
export async function recordAppealDecision(
  tx: Tx,
  actor: StaffActor,
  appealId: string,
  decision: { decision: 'approved' | 'rejected'; note: string },
  at: Date,
): Promise<{ appeal: AppealRow; strike: StrikeRow }> {
  const found = await lockAppeal(tx, appealId);
  if (!found) throw AppError.notFound(STANDING_MESSAGES.appealNotFound);
  const { strike } = found;
  if (found.appeal.status !== 'pending') throw AppError.conflict(STANDING_MESSAGES.appealDecided);
  if (strike.userId === actor.userId) throw AppError.forbidden(STANDING_MESSAGES.ownAppeal);
  if (strike.issuedBy === actor.userId) throw AppError.forbidden(STANDING_MESSAGES.sameStaff);
  const appeal = await setAppealDecision(tx, appealId, {
    status: decision.decision,
    decidedBy: actor.userId,
    decisionNote: decision.note,
    decidedAt: at,
  });
  await appendAudit(
    tx,
    actor,
    {
      action: 'appeal.decide',
      targetType: 'appeal',
      targetId: appealId,
      reason: decision.note,
      before: { status: 'pending' },
      after: { status: decision.decision, strikeId: strike.id, kind: strike.kind, userId: strike.userId },
    },
    at,
  );
  await recordEvent(
    tx,
    appealDecided,
    {
      appealId,
      strikeId: strike.id,
      userId: strike.userId,
      kind: strike.kind,
      decision: decision.decision,
      note: decision.note,
      at: at.toISOString(),
    },
    { actorId: actor.userId },
  );
  return { appeal, strike };
}
