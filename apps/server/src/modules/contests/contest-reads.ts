/** One contest, and an organizer's contests (their public list, and My Contests). */
import { pageOf, type Actor, type ContestStatus, type TContest, type TMyContests } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { canSee } from './contest-access.js';
import { organizerPage } from './contest-browse.repository.js';
import { viewToDto } from './contests.dto.js';
import { CONTEST_MESSAGES } from './contests.messages.js';
import { contestNotFound, findContestView, isUuid, organizerState } from './contests.repository.js';

/** The contest as its answer shows it at `at`, or 404. */
export async function contestView(db: DbOrTx, id: string, at: Date): Promise<TContest> {
  const view = await findContestView(db, id);
  if (!view) throw contestNotFound();
  return viewToDto(view, at);
}

/** GET /api/contests/:id. */
export async function getContest(ctx: AppContext, id: string, viewer: Actor | undefined): Promise<TContest> {
  if (!isUuid(id)) throw contestNotFound();
  const at = now();
  const view = await findContestView(ctx.db, id);
  if (!view || !canSee(view.contest, viewer)) throw contestNotFound();
  return viewToDto(view, at);
}

export interface OwnerListQuery {
  page: number;
  limit: number;
  status?: ContestStatus | undefined;
}

async function organizerList(ctx: AppContext, organizerId: string, withDrafts: boolean, q: OwnerListQuery): Promise<TMyContests> {
  const at = now();
  const { rows, total } = await organizerPage(ctx.db, { organizerId, withDrafts, status: q.status }, q, at);
  const page = pageOf(q, total);
  return { contests: rows.map((r) => viewToDto(r, at)), pagination: page, total, totalPages: page.totalPages };
}

/** GET /api/contests/organizer/:id: an organizer's published contests, newest first. */
export async function organizerContests(ctx: AppContext, organizerId: string, q: OwnerListQuery): Promise<TMyContests> {
  const notFound = () => AppError.notFound(CONTEST_MESSAGES.organizerNotFound);
  if (!isUuid(organizerId)) throw notFound();
  const user = await organizerState(ctx.db, organizerId);
  if (!user || user.status === 'banned' || !user.isActive) throw notFound();
  return organizerList(ctx, organizerId, false, q);
}

/** GET /api/contests/my-contests: the caller's contests of every status, newest first. */
export async function myContests(ctx: AppContext, userId: string, q: OwnerListQuery): Promise<TMyContests> {
  return organizerList(ctx, userId, true, q);
}
