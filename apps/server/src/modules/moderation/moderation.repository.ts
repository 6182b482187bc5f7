/**
 * Every statement of the report queue: the list (with each item's title, score, report count and
 * auto-hide state), one report, the item's reports, the stats, a reporter's decided history (the
 * weighting) and the report decisions. Reads the reported items' tables for their titles and
 * authors; every change to an item goes through the module that owns it.
 */
import { and, count, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { TModerationReportsQuery } from '@contesthub/shared';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { reports, users } from '../../db/schema/index.js';

export type ReportRow = typeof reports.$inferSelect;
export type ItemType = ReportRow['targetType'];
const OPEN = ['pending', 'under_review'] as const;

/** A report as the queue lists it (snake_case off the wire of the raw query). */
export interface QueueRow {
  id: string;
  target_type: ItemType;
  target_id: string;
  contest_id: string | null;
  reason: string;
  priority: 'low' | 'medium' | 'high';
  status: ReportRow['status'];
  description: string;
  reporter_id: string;
  reporter_name: string | null;
  created_at: Date | string;
  admin_notes: string | null;
  actions_taken: string | null;
  resolved_at: Date | string | null;
  weight: number;
  score: number;
  report_count: number;
  auto_hidden: boolean;
  assignee_id: string | null;
  assignee_name: string | null;
  item_title: string | null;
}

const queueSelect = sql`
  select r.id, r.target_type, r.target_id, r.contest_id, r.reason, r.priority, r.status, r.description,
    r.reporter_id, rep.full_name as reporter_name, r.created_at, r.admin_notes, r.actions_taken, r.resolved_at,
    r.weight::float8 as weight,
    (select coalesce(sum(o.weight), 0)::float8 from reports o
       where o.target_type = r.target_type and o.target_id = r.target_id and o.status in ('pending', 'under_review')) as score,
    (select count(*)::int from reports o where o.target_type = r.target_type and o.target_id = r.target_id) as report_count,
    exists (select 1 from reports o where o.target_type = r.target_type and o.target_id = r.target_id
       and o.auto_hidden_at is not null and o.status in ('pending', 'under_review')) as auto_hidden,
    r.assigned_to as assignee_id, asg.full_name as assignee_name,
    case r.target_type
      when 'contest' then (select c.title from contests c where c.id = r.target_id)
      when 'entry' then (select e.title from entries e where e.id = r.target_id)
      when 'comment' then (select left(cm.content, 80) from comments cm where cm.id = r.target_id)
      when 'user' then (select u.full_name from users u where u.id = r.target_id)
      when 'message' then (select left(m.content, 80) from messages m where m.id = r.target_id)
    end as item_title
  from reports r
  left join users rep on rep.id = r.reporter_id
  left join users asg on asg.id = r.assigned_to`;

function filters(q: Partial<TModerationReportsQuery>): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.status) parts.push(sql`r.status = ${q.status}`);
  if (q.type) parts.push(sql`r.target_type = ${q.type}`);
  if (q.reason) parts.push(sql`r.reason = ${q.reason}`);
  if (q.priority) parts.push(sql`r.priority = ${q.priority}`);
  return sql.join(parts, sql` and `);
}

/**
 * A page of the queue: open reports first (high priority first), then by the item's score × the
 * report's age in hours (an old, heavily reported item rises), then newest; decided ones newest first.
 */
export async function listQueue(db: DbOrTx, q: TModerationReportsQuery, at: Date): Promise<{ rows: QueueRow[]; total: number }> {
  const where = filters(q);
  const rows = await queryRows<QueueRow>(
    db,
    sql`select * from (${queueSelect} where ${where}) q
      order by (q.status in ('pending', 'under_review')) desc,
        case when q.status in ('pending', 'under_review') then (q.priority = 'high') end desc nulls last,
        case when q.status in ('pending', 'under_review')
          then q.score * (extract(epoch from (${at.toISOString()}::timestamptz - q.created_at)) / 3600 + 1) end desc nulls last,
        q.created_at desc, q.id
      limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const [c] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from reports r where ${where}`);
  return { rows, total: Number(c?.n ?? 0) };
}

export async function queueRow(db: DbOrTx, id: string): Promise<QueueRow | undefined> {
  const [row] = await queryRows<QueueRow>(db, sql`${queueSelect} where r.id = ${id}`);
  return row;
}

/** Every report of an item, newest first. */
export async function itemQueueRows(db: DbOrTx, type: ItemType, itemId: string): Promise<QueueRow[]> {
  return queryRows<QueueRow>(db, sql`${queueSelect} where r.target_type = ${type} and r.target_id = ${itemId} order by r.created_at desc`);
}

export async function reportById(db: DbOrTx, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  return row;
}

export async function lockReport(tx: Tx, id: string): Promise<ReportRow | undefined> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  return row;
}

/** Locks the item's open reports (one decision at a time per item) and returns them. */
export async function lockOpenReports(tx: Tx, type: ItemType, itemId: string): Promise<ReportRow[]> {
  return tx
    .select()
    .from(reports)
    .where(and(eq(reports.targetType, type), eq(reports.targetId, itemId), inArray(reports.status, [...OPEN])))
    .orderBy(reports.createdAt)
    .for('update');
}

export async function decideReports(
  tx: Tx,
  ids: string[],
  set: Pick<ReportRow, 'status' | 'adminNotes' | 'actionsTaken' | 'resolvedBy' | 'resolvedAt'>,
): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(reports).set(set).where(inArray(reports.id, ids));
}

export async function setAssignee(tx: Tx, id: string, assignedTo: string): Promise<void> {
  await tx.update(reports).set({ assignedTo, status: 'under_review' }).where(eq(reports.id, id));
}

/**
 * Marks the item as hidden by the weighting on its open reports, or clears the mark from all its
 * reports (restored). A decision taken elsewhere (the comment moderation) closes those reports, and
 * the mark counts only on open ones, so the item can be weighed afresh.
 */
export async function setAutoHidden(tx: Tx, type: ItemType, itemId: string, at: Date | null): Promise<void> {
  const item = and(eq(reports.targetType, type), eq(reports.targetId, itemId));
  await tx
    .update(reports)
    .set({ autoHiddenAt: at })
    .where(at === null ? item : and(item, inArray(reports.status, [...OPEN])));
}

export async function isAutoHidden(db: DbOrTx, type: ItemType, itemId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(
      and(eq(reports.targetType, type), eq(reports.targetId, itemId), isNotNull(reports.autoHiddenAt), inArray(reports.status, [...OPEN])),
    );
  return (row?.n ?? 0) > 0;
}

export async function setWeight(tx: Tx, reportId: string, weight: number): Promise<void> {
  await tx.update(reports).set({ weight }).where(eq(reports.id, reportId));
}

export async function raisePriority(tx: Tx, type: ItemType, itemId: string): Promise<void> {
  await tx
    .update(reports)
    .set({ priority: 'high' })
    .where(and(eq(reports.targetType, type), eq(reports.targetId, itemId), inArray(reports.status, [...OPEN])));
}

/** The item's open score (summed weights) and distinct reporters. */
export async function openScore(db: DbOrTx, type: ItemType, itemId: string): Promise<{ score: number; reporters: number }> {
  const [row] = await db
    .select({
      score: sql<number>`coalesce(sum(${reports.weight}), 0)::float8`,
      reporters: sql<number>`count(distinct ${reports.reporterId})::int`,
    })
    .from(reports)
    .where(and(eq(reports.targetType, type), eq(reports.targetId, itemId), inArray(reports.status, [...OPEN])));
  return { score: Number(row?.score ?? 0), reporters: Number(row?.reporters ?? 0) };
}

/**
 * A reporter's last `window` decided reports (excluding one report): how many staff agreed with
 * (resolved) out of those decided (resolved or dismissed), and their role.
 */
export async function reporterRecord(
  db: DbOrTx,
  reporterId: string,
  window: number,
  exceptReportId: string,
): Promise<{ agreed: number; decided: number; role: string | null }> {
  const [row] = await queryRows<{ agreed: number; decided: number; role: string | null }>(
    db,
    sql`select
        (select count(*) filter (where d.status = 'resolved')::int from (
           select status from reports where reporter_id = ${reporterId} and id <> ${exceptReportId}
             and status in ('resolved', 'dismissed') order by resolved_at desc nulls last limit ${window}) d) as agreed,
        (select count(*)::int from (
           select 1 from reports where reporter_id = ${reporterId} and id <> ${exceptReportId}
             and status in ('resolved', 'dismissed') order by resolved_at desc nulls last limit ${window}) d) as decided,
        (select role from users where id = ${reporterId}) as role`,
  );
  return { agreed: Number(row?.agreed ?? 0), decided: Number(row?.decided ?? 0), role: row?.role ?? null };
}

/** The reported item as it is now: title, text, status, contest and author. */
export interface ItemNow {
  title: string;
  content: string | null;
  status: string | null;
  contestId: string | null;
  authorId: string | null;
  authorName: string | null;
}

export async function itemNow(db: DbOrTx, type: ItemType, id: string): Promise<ItemNow | undefined> {
  const q: Record<ItemType, SQL> = {
    contest: sql`select c.title, c.description as content, c.status, c.id as contest_id, c.organizer_id as author_id
                 from contests c where c.id = ${id}`,
    entry: sql`select e.title, e.description as content, e.status, e.contest_id, e.participant_id as author_id
               from entries e where e.id = ${id}`,
    comment: sql`select left(cm.content, 80) as title, cm.content, cm.status, cm.contest_id, cm.author_id
                 from comments cm where cm.id = ${id}`,
    user: sql`select u.full_name as title, null as content, null as status, null as contest_id, u.id as author_id
              from users u where u.id = ${id}`,
    message: sql`select left(m.content, 80) as title, m.content,
                   case when m.removed_at is not null then 'hidden' when m.deleted_at is null then 'sent' else 'deleted' end as status,
                   null as contest_id, m.sender_id as author_id
                 from messages m where m.id = ${id}`,
  };
  const [row] = await queryRows<{
    title: string;
    content: string | null;
    status: string | null;
    contest_id: string | null;
    author_id: string | null;
  }>(db, q[type]);
  if (!row) return undefined;
  let authorName: string | null = null;
  if (row.author_id) {
    const [u] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, row.author_id));
    authorName = u?.name ?? null;
  }
  return {
    title: row.title,
    content: row.content,
    status: row.status,
    contestId: row.contest_id,
    authorId: row.author_id,
    authorName,
  };
}

/** Moderation stats (spec 002 §3): totals by status and the reports filed since `since`. */
export async function stats(db: DbOrTx, since: Date) {
  const rows = await db.select({ status: reports.status, n: count() }).from(reports).groupBy(reports.status);
  const by = new Map(rows.map((r) => [r.status, Number(r.n)]));
  const [recent] = await db.select({ n: count() }).from(reports).where(gte(reports.createdAt, since));
  return {
    total: [...by.values()].reduce((a, b) => a + b, 0),
    pending: by.get('pending') ?? 0,
    resolved: by.get('resolved') ?? 0,
    dismissed: by.get('dismissed') ?? 0,
    recent: Number(recent?.n ?? 0),
  };
}
