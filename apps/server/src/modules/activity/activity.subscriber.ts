import { paths } from '@contesthub/shared';
/**
 * The dashboard's recent activity, kept from the domain events: what the person did (created a
 * contest, submitted an entry, voted, commented) and what happened to them (an entry reviewed, a
 * prize won). Replaying the events rebuilds the same rows (stable ids). A batch of events (a vote
 * rush) is two title look-ups and one insert.
 */
import type { Tx } from '../../db/client.js';
import { payloadOf, type StoredEvent, type Subscriber } from '../../lib/events/index.js';
import { commentPosted } from '../comments/comments.events.js';
import { contestFinalized } from '../contest-settlement/contest-settlement.events.js';
import { contestTitles } from '../contests/contests.repository.js';
import { contestCreated } from '../contests/contests.events.js';
import { entryReviewed, entrySubmitted } from '../entries/entries.events.js';
import { entryTitles } from '../entries/entries.repository.js';
import { voteCast } from '../votes/votes.events.js';
import { addActivities, type ActivityItem } from './activity.repository.js';

const q = (text: string) => `"${text}"`;

/** The contests and entries whose titles the items of these events show. */
function refsOf(events: StoredEvent[]) {
  const contests = new Set<string>();
  const entries = new Set<string>();
  for (const e of events) {
    const p = e.payload as { contestId?: string; entryId?: string | null };
    if (p.contestId) contests.add(p.contestId);
    if (p.entryId && e.name !== commentPosted.name) entries.add(p.entryId);
  }
  return { contests: [...contests], entries: [...entries] };
}

function itemOf(e: StoredEvent, contest: Map<string, string>, entry: Map<string, string>): ActivityItem | undefined {
  const at = e.createdAt;
  const created = payloadOf(contestCreated, e);
  if (created) {
    const title = contest.get(created.contestId);
    if (title === undefined) return undefined;
    const id = created.contestId;
    return {
      id: `contest_created:${id}`,
      userId: created.organizerId,
      type: 'contest_created',
      title: `You created the contest ${q(title)}`,
      contestId: id,
      createdAt: at,
    };
  }
  const submitted = payloadOf(entrySubmitted, e);
  if (submitted) {
    const [title, contestTitle] = [entry.get(submitted.entryId), contest.get(submitted.contestId)];
    if (title === undefined || contestTitle === undefined) return undefined;
    return {
      id: `entry_submitted:${submitted.entryId}`,
      userId: submitted.participantId,
      type: 'entry_submitted',
      title: `You submitted ${q(title)} to ${q(contestTitle)}`,
      link: paths.dashboard.entries(),
      createdAt: at,
    };
  }
  const reviewed = payloadOf(entryReviewed, e);
  if (reviewed) {
    const title = entry.get(reviewed.entryId);
    if (title === undefined) return undefined;
    return {
      id: `entry_${reviewed.decision}:${reviewed.entryId}`,
      userId: reviewed.participantId,
      type: reviewed.decision === 'approved' ? 'entry_approved' : 'entry_rejected',
      title: `Your entry ${q(title)} was ${reviewed.decision}`,
      link: paths.dashboard.entries(),
      createdAt: at,
    };
  }
  const vote = payloadOf(voteCast, e);
  if (vote) {
    const [title, contestTitle] = [entry.get(vote.entryId), contest.get(vote.contestId)];
    if (title === undefined || contestTitle === undefined) return undefined;
    return {
      id: `vote_cast:${vote.voteId}`,
      userId: vote.voterId,
      type: 'vote_cast',
      title: `You ${vote.amount === 1 ? 'voted' : `cast ${vote.amount} votes`} for ${q(title)} in ${q(contestTitle)}`,
      contestId: vote.contestId,
      createdAt: at,
    };
  }
  const finalized = payloadOf(contestFinalized, e);
  if (finalized?.winnerUserId) {
    const title = contest.get(finalized.contestId);
    if (title === undefined) return undefined;
    return {
      id: `prize_won:${finalized.contestId}`,
      userId: finalized.winnerUserId,
      type: 'prize_won',
      title: `You won ${q(title)}`,
      contestId: finalized.contestId,
      createdAt: at,
    };
  }
  const comment = payloadOf(commentPosted, e);
  if (comment) {
    const title = contest.get(comment.contestId);
    if (title === undefined) return undefined;
    return {
      id: `comment_posted:${comment.commentId}`,
      userId: comment.authorId,
      type: 'comment_posted',
      title: `You commented on ${q(title)}`,
      contestId: comment.contestId,
      createdAt: at,
    };
  }
  return undefined;
}

async function handleBatch(tx: Tx, events: StoredEvent[]): Promise<void> {
  const refs = refsOf(events);
  const [contests, entries] = await Promise.all([contestTitles(tx, refs.contests), entryTitles(tx, refs.entries)]);
  const items = events.map((e) => itemOf(e, contests, entries)).filter((i): i is ActivityItem => i !== undefined);
  await addActivities(tx, items);
}

export const activitySubscriber: Subscriber = {
  name: 'activity',
  events: [contestCreated.name, entrySubmitted.name, entryReviewed.name, voteCast.name, contestFinalized.name, commentPosted.name],
  // Every event: the migration that created activity_items filled it with what came before events
  // existed, and the ids are stable, so a replay adds nothing twice.
  startFrom: 'beginning',
  handle: (tx, e) => handleBatch(tx, [e]),
  handleBatch,
};
