/**
 * Vote lists: all votes (admins, a contest's organizer), one vote, my votes, and the votes of an
 * entry or a contest (the aggregate for everyone, the votes themselves for the organizer and
 * admins). Who may see voters is decided here once; credits spent follow the policy rule.
 */
import { pageOf, type Actor, type PageRequest, type VoteType } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as reads from './vote-reads.repository.js';
import type { VoteFilter } from './vote-reads.repository.js';
import { toListVote, toVoteSummary, type TVote } from './votes.dto.js';
import { VOTE_MESSAGES } from './votes.messages.js';

export type Page = PageRequest;

export const canSeeVoters = (actor: Actor | undefined, organizerId: string) => actor?.role === 'admin' || actor?.userId === organizerId;

/** The contest, or 404 (drafts exist only for their organizer and admins). */
export async function visibleContest(db: DbOrTx, contestId: string, actor: Actor | undefined) {
  const c = await reads.contestHead(db, contestId);
  if (!c || (c.status === 'draft' && c.organizerId !== actor?.userId && actor?.role !== 'admin')) {
    throw AppError.notFound(VOTE_MESSAGES.contestNotFound);
  }
  return c;
}

/** The entry, or 404 when the viewer may not see it (unapproved entries: participant, organizer, admin). */
export async function visibleEntry(db: DbOrTx, entryId: string, actor: Actor | undefined) {
  const e = await reads.entryHead(db, entryId);
  const privileged = !!e && (actor?.role === 'admin' || actor?.userId === e.organizerId || actor?.userId === e.participantId);
  if (!e || ((e.status !== 'approved' || e.contestStatus === 'draft') && !privileged)) throw AppError.notFound(VOTE_MESSAGES.entryNotFound);
  return e;
}

async function votePage(db: DbOrTx, filter: VoteFilter, q: Page, withVoter: boolean, sort?: reads.VoteSort) {
  const { rows, total } = await reads.votePage(db, filter, q, sort);
  return { votes: rows.map((r) => toListVote(r, withVoter)), pagination: pageOf(q, total) };
}

export interface VoteListQuery extends Page {
  contest?: string | undefined;
  entry?: string | undefined;
  voter?: string | undefined;
  voteType?: VoteType | undefined;
  isActive?: boolean | undefined;
  sortBy: 'createdAt' | 'amount' | 'weightedTotal';
  sortOrder: 'asc' | 'desc';
}

/** All votes for admins; a contest's organizer may list the votes of that contest. */
export async function listVotes(ctx: AppContext, actor: Actor, q: VoteListQuery) {
  if (actor.role !== 'admin') {
    if (!q.contest) throw AppError.forbidden();
    const c = await reads.contestHead(ctx.db, q.contest);
    if (!c) throw AppError.notFound(VOTE_MESSAGES.contestNotFound);
    if (c.organizerId !== actor.userId) throw AppError.forbidden();
  }
  const filter = { contestId: q.contest, entryId: q.entry, voterId: q.voter, voteType: q.voteType, isActive: q.isActive };
  return votePage(ctx.db, filter, q, true, { by: q.sortBy, dir: q.sortOrder });
}

/** One vote, for its voter, the contest's organizer or an admin. */
export async function getVote(ctx: AppContext, actor: Actor, id: string): Promise<TVote> {
  const row = await reads.findVoteWithNames(ctx.db, id);
  if (!row) throw AppError.notFound(VOTE_MESSAGES.voteNotFound);
  const allowed = actor.role === 'admin' || row.v.voterId === actor.userId || row.organizerId === actor.userId;
  if (!allowed) throw AppError.forbidden();
  return toListVote(row, true);
}

export async function myVotes(ctx: AppContext, actor: Actor, q: Page & { contest?: string | undefined; voteType?: VoteType | undefined }) {
  return votePage(ctx.db, { voterId: actor.userId, contestId: q.contest, voteType: q.voteType }, q, false);
}

/**
 * Votes of an entry or a contest. Everyone sees the aggregate; only the contest's organizer and
 * admins see the individual votes and who cast them.
 */
export async function entryVotes(
  ctx: AppContext,
  actor: Actor | undefined,
  entryId: string,
  q: Page & { voteType?: VoteType | undefined },
) {
  const e = await visibleEntry(ctx.db, entryId, actor);
  return votesOf(ctx, actor, e.organizerId, { entryId }, q);
}

export async function contestVotes(
  ctx: AppContext,
  actor: Actor | undefined,
  contestId: string,
  q: Page & { voteType?: VoteType | undefined },
) {
  const c = await visibleContest(ctx.db, contestId, actor);
  return votesOf(ctx, actor, c.organizerId, { contestId }, q);
}

/** The aggregate of the votes in `scope`, and the page of them when the actor may see voters. */
async function votesOf(
  ctx: AppContext,
  actor: Actor | undefined,
  organizerId: string,
  scope: VoteFilter,
  q: Page & { voteType?: VoteType | undefined },
) {
  const showVoters = canSeeVoters(actor, organizerId);
  const summary = toVoteSummary(await reads.voteTotals(ctx.db, scope));
  const list = showVoters ? await votePage(ctx.db, { ...scope, voteType: q.voteType }, q, true) : { votes: [], pagination: pageOf(q, 0) };
  // Credits spent are the organizer's and the platform's business, not the public's.
  return { ...list, summary: { ...summary, creditsSpent: showVoters ? summary.creditsSpent : null }, votersVisible: showVoters };
}
