/**
 * The staff audit log (issue 15): appendAudit() in the transaction of the staff action it records
 * (the action and its row commit together or not at all), the chain's hash rule, and the verifier.
 *
 * The chain: rowHash = sha256(prevHash + "\n" + canonical JSON of the row's fields), prevHash of
 * the first row is GENESIS. Changing, removing or reordering any row breaks the link at it or at the
 * row after it; the verifier names the first broken one. The database refuses UPDATE, DELETE and
 * TRUNCATE (migration 0023); the chain catches what someone with the power to drop those triggers
 * does anyway. Known limit: removing the newest rows leaves a shorter chain that verifies; the
 * head the verifier prints is what to keep elsewhere to catch that.
 */
import { createHash } from 'node:crypto';
import type { AuditAction, AuditTargetType, TAuditVerification } from '@contesthub/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { now as clockNow } from '../../lib/clock.js';
import type { StaffActor } from '../../lib/http.js';
import { auditRowsAfter, insertAuditRow, lockChainHead, type AuditRow } from './audit.repository.js';

export const GENESIS_HASH = '0'.repeat(64);

/** Who did it and from where (lib/http `staffActor(req)` builds it from a request). */
export type { StaffActor };

export interface AuditInput {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  reason?: string | null | undefined;
  /** The state the action changed, as it was and as it is (only the fields it touched). */
  before?: unknown;
  after?: unknown;
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

type HashedFields = Omit<AuditRow, 'id' | 'rowHash'>;

/** The hash of a row: over its predecessor's hash and every field but its id and its own hash. */
export function auditRowHash(row: HashedFields): string {
  const body = canonicalJson({
    createdAt: row.createdAt.toISOString(),
    actorId: row.actorId,
    actorRole: row.actorRole,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    before: row.before,
    after: row.after,
    ip: row.ip,
    requestId: row.requestId,
  });
  return createHash('sha256').update(`${row.prevHash}\n${body}`).digest('hex');
}

/** A JSON round trip: what jsonb gives back (no undefined, dates as text), so the hash survives storage. */
const asStored = (value: unknown): unknown => (value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown));

/**
 * Appends one row to the chain inside the caller's transaction. Two staff actions at once are put
 * one after the other by the chain's lock, held until the caller commits; staff actions are rare,
 * so that wait is short.
 */
export async function appendAudit(tx: Tx, actor: StaffActor | null, input: AuditInput, now: Date = clockNow()): Promise<AuditRow> {
  const prevHash = (await lockChainHead(tx)) ?? GENESIS_HASH;
  const fields: HashedFields = {
    createdAt: now,
    actorId: actor?.userId ?? null,
    actorRole: actor?.role ?? null,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    reason: input.reason ?? null,
    before: asStored(input.before),
    after: asStored(input.after),
    ip: actor?.ip ?? null,
    requestId: actor?.requestId ?? null,
    prevHash,
  };
  return insertAuditRow(tx, { ...fields, rowHash: auditRowHash(fields) });
}

const VERIFY_BATCH = 1000;

/** Walks the whole chain in order and reports the first row whose link or hash does not hold. */
export async function verifyAuditChain(db: DbOrTx): Promise<TAuditVerification> {
  let prev = GENESIS_HASH;
  let lastId = 0;
  let examined = 0;
  for (;;) {
    const rows = await auditRowsAfter(db, lastId, VERIFY_BATCH);
    for (const row of rows) {
      examined++;
      if (row.prevHash !== prev) {
        return {
          ok: false,
          examined,
          head: null,
          brokenAt: { id: String(row.id), problem: 'its link does not match the row before it (a row was removed, inserted or reordered)' },
        };
      }
      if (auditRowHash(row) !== row.rowHash) {
        return {
          ok: false,
          examined,
          head: null,
          brokenAt: { id: String(row.id), problem: 'its contents do not match its hash (the row was changed)' },
        };
      }
      prev = row.rowHash;
      lastId = row.id;
    }
    if (rows.length < VERIFY_BATCH) break;
  }
  return { ok: true, examined, head: examined === 0 ? null : prev, brokenAt: null };
}
