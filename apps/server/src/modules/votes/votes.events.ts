import { z } from 'zod';
import { VOTE_TYPES } from '@contesthub/shared';
import { defineEvent } from '../../lib/events/index.js';

/** What a cast vote's events carry. */
const castPayload = z.object({
  voteId: z.uuid(),
  contestId: z.uuid(),
  entryId: z.uuid(),
  voterId: z.uuid(),
  voteType: z.enum(VOTE_TYPES),
  amount: z.number().int(),
  weightedTotal: z.number().int(),
  /** Credit units paid (0 for a free vote). */
  creditCost: z.number().int().meta({ description: 'Credit units paid (0 for a free vote).' }),
});

/** A vote was cast and counted (recorded in the same statement as the vote, or when a held vote is counted). */
export const voteCast = defineEvent('vote.cast', castPayload, (p) => `contest:${p.contestId}`);

/** An admin removed a vote; its paid credits were refunded. */
export const voteRemoved = defineEvent(
  'vote.removed',
  z.object({ voteId: z.uuid(), contestId: z.uuid(), entryId: z.uuid(), voterId: z.uuid(), creditCost: z.number().int() }),
  (p) => `contest:${p.contestId}`,
);

/**
 * A vote was recorded but held for review (its risk score reached vote-risk.ts HOLD_THRESHOLD): not
 * counted; paid credits spent. Same payload as vote.cast plus the score and reason codes.
 */
export const voteHeld = defineEvent(
  'vote.held',
  castPayload.extend({ riskScore: z.number().int(), riskReasons: z.array(z.string()) }),
  (p) => `contest:${p.contestId}`,
);

/** A moderator voided a held vote: it never counts, its paid credits went back to the voter. */
export const voteVoided = defineEvent(
  'vote.voided',
  z.object({
    voteId: z.uuid(),
    contestId: z.uuid(),
    entryId: z.uuid(),
    voterId: z.uuid(),
    creditCost: z.number().int(),
    reason: z.string(),
    actorId: z.uuid(),
  }),
  (p) => `contest:${p.contestId}`,
);
