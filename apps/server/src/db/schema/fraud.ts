import { FRAUD_FINDING_KINDS } from '@contesthub/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { contests } from './contests.js';

/**
 * What the fraud detection job found (modules/fraud/detection.ts): a lockstep group (voters hitting
 * the same entries within minutes, CopyCatch-style) or a component of accounts sharing a card or a
 * device. One row per finding, keyed by its kind, contest and members, refreshed by each run.
 */
export const fraudFindings = pgTable(
  'fraud_findings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** FRAUD_FINDING_KINDS: 'lockstep' | 'shared_card' | 'shared_device' | 'address_burst'. */
    kind: text('kind', { enum: FRAUD_FINDING_KINDS }).notNull(),
    /** Null for a platform-wide finding (a card shared across accounts). */
    contestId: uuid('contest_id').references(() => contests.id, { onDelete: 'cascade' }),
    /** kind + contest + sorted members, hashed: the same group found again updates its row. */
    key: text('key').notNull(),
    voterIds: uuid('voter_ids').array().notNull(),
    entryIds: uuid('entry_ids').array().notNull(),
    /** Votes of the members involved (paid ones held by the finding included). */
    voteCount: integer('vote_count').notNull(),
    /** Paid votes the job moved to held because of this finding. */
    heldCount: integer('held_count').notNull().default(0),
    /** The evidence: timings, shared card digests or device ids, window sizes. */
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fraud_findings_key').on(t.key), index('fraud_findings_contest_idx').on(t.contestId, t.lastSeenAt)],
);
