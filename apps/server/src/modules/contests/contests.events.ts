import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

export const contestCreated = defineEvent(
  'contest.created',
  z.object({ contestId: z.uuid(), organizerId: z.uuid(), status: z.string() }),
  (p) => `contest:${p.contestId}`,
);
