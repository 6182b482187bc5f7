import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@contesthub/shared';

/**
 * The staff audit log: append-only (triggers refuse UPDATE, DELETE and TRUNCATE, migration
 * 0023) and hash-chained: `rowHash` = sha256(`prevHash` + the row's canonical form), computed by
 * modules/audit when the row is appended, under one lock so the chain has one line. Actors are not
 * a foreign key: the log outlives the accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    requestId: text('request_id'),
    prevHash: text('prev_hash').notNull(),
    rowHash: text('row_hash').notNull(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);
