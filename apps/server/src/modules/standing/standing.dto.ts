/** Strike and appeal rows → the wire. */
import { APPEAL_WINDOW_DAYS, type TAppealView, type TStaffAppeal, type TStrikeView } from '@contesthub/shared';
import type { AppealRow, StaffAppealRow, StrikeRow } from './standing.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a strike may be appealed. */
export const appealDeadlineOf = (strike: Pick<StrikeRow, 'createdAt'>): Date =>
  new Date(strike.createdAt.getTime() + APPEAL_WINDOW_DAYS * DAY_MS);

export const toAppealView = (a: AppealRow): TAppealView => ({
  id: a.id,
  strikeId: a.strikeId,
  status: a.status,
  text: a.text,
  decisionNote: a.decisionNote,
  createdAt: a.createdAt.toISOString(),
  decidedAt: a.decidedAt?.toISOString() ?? null,
});

export function toStrikeView(strike: StrikeRow, appeal: AppealRow | null, at: Date): TStrikeView {
  const deadline = appealDeadlineOf(strike);
  return {
    id: strike.id,
    kind: strike.kind,
    reason: strike.reason,
    createdAt: strike.createdAt.toISOString(),
    relatedType: strike.relatedType,
    relatedId: strike.relatedId,
    appeal: appeal ? toAppealView(appeal) : null,
    appealDeadline: deadline.toISOString(),
    canAppeal: !appeal && at.getTime() <= deadline.getTime(),
  };
}

export const toStaffAppeal = (r: StaffAppealRow): TStaffAppeal => ({
  ...toAppealView(r.appeal),
  user: r.user,
  strike: { kind: r.strike.kind, reason: r.strike.reason, createdAt: r.strike.createdAt.toISOString(), issuedBy: r.issuedBy },
  decidedBy: r.decidedBy,
});
