/**
 * Issuing a strike: what other modules call when a staff action sanctions an account (a ban, a
 * warning of a report's author, content removed). In the caller's transaction: the strike, its audit
 * row and the strike.issued event (the person's account_strike notification) commit with the action.
 */
import type { StrikeKind } from '@contesthub/shared';
import type { Tx } from '../../db/client.js';
import { now as clockNow } from '../../lib/clock.js';
import { recordEvent } from '../../lib/events/index.js';
import type { StaffActor } from '../../lib/http.js';
import { appendAudit } from '../audit/audit.js';
import { strikeIssued } from './standing.events.js';
import { insertStrike, type StrikeRow } from './standing.repository.js';

export interface StrikeInput {
  userId: string;
  kind: StrikeKind;
  /** What the person is told. */
  reason: string;
  /** The item the strike is about (a report, a comment, an entry…), if any. */
  related?: { type: string; id: string } | undefined;
}

export async function issueStrike(tx: Tx, actor: StaffActor, input: StrikeInput, at: Date = clockNow()): Promise<StrikeRow> {
  const strike = await insertStrike(tx, {
    userId: input.userId,
    kind: input.kind,
    reason: input.reason,
    issuedBy: actor.userId,
    relatedType: input.related?.type ?? null,
    relatedId: input.related?.id ?? null,
    createdAt: at,
  });
  await appendAudit(
    tx,
    actor,
    {
      action: 'strike.issue',
      targetType: 'strike',
      targetId: strike.id,
      reason: input.reason,
      after: { userId: input.userId, kind: input.kind, related: input.related ?? null },
    },
    at,
  );
  await recordEvent(
    tx,
    strikeIssued,
    { strikeId: strike.id, userId: input.userId, kind: input.kind, reason: input.reason, at: at.toISOString() },
    { actorId: actor.userId },
  );
  return strike;
}
