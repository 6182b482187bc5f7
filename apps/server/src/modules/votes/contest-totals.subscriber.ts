/**
 * A contest's totals (total weighted votes, distinct voters: `contests.total_votes/total_voters`,
 * what contest cards and pages show and the "most voted" sort uses) kept from the votes' events.
 * A vote no longer writes the contest row (cast_vote, migration 0013): on a hot contest every vote
 * would otherwise queue on that one row and hold it through its commit. After a batch of events
 * each contest concerned is recomputed from its active votes (idempotent, so a replay or a retry
 * sets the same figures), within about a second of the votes. Entry counters, which rank the
 * entries, stay exact in the vote's own call; a removal and a cancellation set the contest's totals
 * in their own transaction too.
 */
import type { Tx } from '../../db/client.js';
import type { StoredEvent, Subscriber } from '../../lib/events/index.js';
import { voteCast, voteRemoved } from './votes.events.js';
import { recomputeContestTotals } from './votes.repository.js';

function contestsOf(events: StoredEvent[]): string[] {
  return [...new Set(events.map((e) => (e.payload as { contestId: string }).contestId))];
}

export const contestTotalsSubscriber: Subscriber = {
  name: 'contest-vote-totals',
  events: [voteCast.name, voteRemoved.name],
  startFrom: 'beginning',
  async handle(tx: Tx, event: StoredEvent) {
    await recomputeContestTotals(tx, contestsOf([event]));
  },
  async handleBatch(tx: Tx, events: StoredEvent[]) {
    await recomputeContestTotals(tx, contestsOf(events));
  },
};
