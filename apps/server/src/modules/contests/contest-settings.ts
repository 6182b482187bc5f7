/**
 * Contest settings staff change (issue 15 item 5): the home page's featured flag (the featured list
 * orders featured contests first: contest-browse.repository.ts), and the running contests' settings
 * the Contest Settings tab lists. The phase actions (extend, close) are in
 * contest-settlement/contest-phase.ts, since closing voting ends and pays the contest.
 */
import { pageOf, pageOffset, type PageRequest, type TStaffContestSettings, type TStaffContestSettingsPage } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { appendAudit, type StaffActor } from '../audit/audit.js';
import * as repo from './contests.repository.js';
import type { ContestRow } from './contests.repository.js';

export function contestSettingsView(row: ContestRow): TStaffContestSettings {
  return {
    contestId: row.id,
    title: row.title,
    status: row.status,
    isFeatured: row.isFeatured,
    entryEndDate: row.entryEndDate.toISOString(),
    votingStartDate: row.votingStartDate.toISOString(),
    votingEndDate: row.votingEndDate.toISOString(),
  };
}

/** GET /api/admin-tools/contests/settings: running contests (active or voting), 10 a page. */
export async function listContestSettings(ctx: AppContext, q: PageRequest): Promise<TStaffContestSettingsPage> {
  const { rows, total } = await repo.runningContests(ctx.db, { limit: q.limit, offset: pageOffset(q) });
  return { contests: rows.map(contestSettingsView), pagination: pageOf(q, total) };
}

/** PUT /api/admin-tools/contests/{id}/feature {featured}: audited in the same transaction. */
export async function setContestFeatured(
  ctx: AppContext,
  actor: StaffActor,
  id: string,
  featured: boolean,
): Promise<TStaffContestSettings> {
  return ctx.db.transaction(async (tx) => {
    if (!repo.isUuid(id)) throw repo.contestNotFound();
    const row = await repo.getContestForUpdate(tx, id);
    const at = now();
    await repo.setFeatured(tx, id, featured, at);
    await appendAudit(tx, actor, {
      action: 'contest.feature',
      targetType: 'contest',
      targetId: id,
      before: { isFeatured: row.isFeatured },
      after: { isFeatured: featured },
    });
    return contestSettingsView({ ...row, isFeatured: featured });
  });
}
