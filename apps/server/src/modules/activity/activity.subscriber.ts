/**
 * The dashboard's recent activity, kept from the domain events: what the person did (created a
 * contest, submitted an entry, voted, commented) and what happened to them (an entry reviewed, a
 * prize won). Replaying the events rebuilds the same rows (stable ids).
 */
import type { Tx } from '../../db/client.js';
import { payloadOf, type StoredEvent, type Subscriber } from '../../lib/events/index.js';
import { commentPosted } from '../comments/comments.events.js';
import { contestFinalized } from '../contest-settlement/contest-settlement.events.js';
import { findContest } from '../contests/contests.repository.js';
import { contestCreated } from '../contests/contests.events.js';
import { entryReviewed, entrySubmitted } from '../entries/entries.events.js';
import { loadEntry } from '../entries/entries.repository.js';
import { voteCast } from '../votes/votes.events.js';
import { addActivity } from './activity.repository.js';

const q = (text: string) => `"${text}"`;

async function handle(tx: Tx, e: StoredEvent): Promise<void> {
  const at = e.createdAt;
  const created = payloadOf(contestCreated, e);
  if (created) {
    const c = await findContest(tx, created.contestId);
    if (!c) return;
    await addActivity(tx, {
      id: `contest_created:${c.id}`,
      userId: created.organizerId,
      type: 'contest_created',
      title: `You created the contest ${q(c.title)}`,
      contestId: c.id,
      createdAt: at,
    });
    return;
  }
  const submitted = payloadOf(entrySubmitted, e);
  if (submitted) {
    const [entry, c] = await Promise.all([loadEntry(tx, submitted.entryId), findContest(tx, submitted.contestId)]);
    if (!entry || !c) return;
    await addActivity(tx, {
      id: `entry_submitted:${entry.id}`,
      userId: submitted.participantId,
      type: 'entry_submitted',
      title: `You submitted ${q(entry.title)} to ${q(c.title)}`,
      link: '/dashboard/entries',
      createdAt: at,
    });
    return;
  }
  const reviewed = payloadOf(entryReviewed, e);
  if (reviewed) {
    const entry = await loadEntry(tx, reviewed.entryId);
    if (!entry) return;
    await addActivity(tx, {
      id: `entry_${reviewed.decision}:${entry.id}`,
      userId: reviewed.participantId,
      type: reviewed.decision === 'approved' ? 'entry_approved' : 'entry_rejected',
      title: `Your entry ${q(entry.title)} was ${reviewed.decision}`,
      link: '/dashboard/entries',
      createdAt: at,
    });
    return;
  }
  const vote = payloadOf(voteCast, e);
  if (vote) {
    const [entry, c] = await Promise.all([loadEntry(tx, vote.entryId), findContest(tx, vote.contestId)]);
    if (!entry || !c) return;
    await addActivity(tx, {
      id: `vote_cast:${vote.voteId}`,
      userId: vote.voterId,
      type: 'vote_cast',
      title: `You ${vote.amount === 1 ? 'voted' : `cast ${vote.amount} votes`} for ${q(entry.title)} in ${q(c.title)}`,
      contestId: c.id,
      createdAt: at,
    });
    return;
  }
  const finalized = payloadOf(contestFinalized, e);
  if (finalized?.winnerUserId) {
    const c = await findContest(tx, finalized.contestId);
    if (!c) return;
    await addActivity(tx, {
      id: `prize_won:${c.id}`,
      userId: finalized.winnerUserId,
      type: 'prize_won',
      title: `You won ${q(c.title)}`,
      contestId: c.id,
      createdAt: at,
    });
    return;
  }
  const comment = payloadOf(commentPosted, e);
  if (comment) {
    const c = await findContest(tx, comment.contestId);
    if (!c) return;
    await addActivity(tx, {
      id: `comment_posted:${comment.commentId}`,
      userId: comment.authorId,
      type: 'comment_posted',
      title: `You commented on ${q(c.title)}`,
      contestId: c.id,
      createdAt: at,
    });
  }
}

export const activitySubscriber: Subscriber = {
  name: 'activity',
  events: [contestCreated.name, entrySubmitted.name, entryReviewed.name, voteCast.name, contestFinalized.name, commentPosted.name],
  // Every event: the migration that created activity_items filled it with what came before events
  // existed, and the ids are stable, so a replay adds nothing twice.
  startFrom: 'beginning',
  handle,
};
