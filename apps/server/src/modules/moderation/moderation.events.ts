/**
 * The report queue's events (docs/architecture.md "Events"). They are the contract with whoever
 * reacts to a moderator's decision:
 * - `report.resolved`: the notifications tell each reporter the outcome (`warn_author` and
 *   `ban_author` were carried out in the decision's own transaction, through standing and admin-users).
 * - `report.dismissed`: the reporters are told nothing was found.
 * - `content.moderated`: the author is told their content was hidden (automatically or by a
 *   moderator), restored, or their entry disqualified.
 */
import { MODERATION_ACTIONS, REPORT_TARGET_TYPES } from '@contesthub/shared';
import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

const itemType = z.enum(REPORT_TARGET_TYPES);

export const reportResolved = defineEvent(
  'report.resolved',
  z.object({
    reportId: z.uuid(),
    itemType,
    itemId: z.uuid(),
    /** The author of the reported item (a contest's organizer, the reported user); null when unknown. */
    authorId: z.uuid().nullable(),
    /** Every reporter whose report this decision closed. */
    reporterIds: z.array(z.uuid()),
    actions: z.array(z.enum(MODERATION_ACTIONS)),
    /** The decision's explanation (admin notes stay internal). */
    actionsTaken: z.string(),
    actorId: z.uuid(),
  }),
  (p) => `report-item:${p.itemType}:${p.itemId}`,
);

export const reportDismissed = defineEvent(
  'report.dismissed',
  z.object({
    reportId: z.uuid(),
    itemType,
    itemId: z.uuid(),
    reporterIds: z.array(z.uuid()),
    actorId: z.uuid(),
  }),
  (p) => `report-item:${p.itemType}:${p.itemId}`,
);

export const contentModerated = defineEvent(
  'content.moderated',
  z.object({
    itemType,
    itemId: z.uuid(),
    authorId: z.uuid(),
    contestId: z.uuid().nullable(),
    action: z.enum(['hidden', 'restored', 'disqualified']),
    /** Hidden by the report weighting, pending review (not by a moderator). */
    automatic: z.boolean(),
    /** What the author recognises it by (the comment's first words, the entry's title). */
    title: z.string(),
    reason: z.string().nullable(),
  }),
  (p) => `report-item:${p.itemType}:${p.itemId}`,
);
