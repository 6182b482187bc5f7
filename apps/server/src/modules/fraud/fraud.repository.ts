/** Every query of the fraud module: held votes, integrity counts, signals, findings, verification, security logs. */
import { sql, type SQL } from 'drizzle-orm';
import type { FraudFindingKind } from '@contesthub/shared';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { HOLD_THRESHOLD } from '../votes/vote-risk.js';

const contestFilter = (contestId: string | undefined, alias = 'v'): SQL =>
  contestId ? sql`and ${sql.raw(alias)}.contest_id = ${contestId}::uuid` : sql``;

export interface HeldVoteRow {
  id: string;
  contest_id: string;
  contest_title: string;
  entry_id: string;
  entry_title: string;
  voter_id: string;
  voter_name: string;
  voter_email: string;
  voter_created_at: Date | string;
  voter_verified: boolean;
  vote_type: 'free' | 'paid';
  amount: number;
  weighted_total: number;
  credit_cost: string | number;
  risk_score: number;
  risk_reasons: string[];
  risk_signals: Record<string, unknown> | null;
  ip: string | null;
  ip_network: string | null;
  device_id: string | null;
  user_agent: string | null;
  created_at: Date | string;
}

/** Held votes, riskiest first then oldest, a page at a time. */
export async function heldVotes(db: DbOrTx, q: { contestId?: string | undefined; limit: number; offset: number }) {
  const where = sql`v.review_state = 'held' ${contestFilter(q.contestId)}`;
  const [rows, [total]] = await Promise.all([
    queryRows<HeldVoteRow>(
      db,
      sql`select v.id, v.contest_id, c.title as contest_title, v.entry_id, e.title as entry_title, v.voter_id,
            u.full_name as voter_name, u.email as voter_email, u.created_at as voter_created_at, u.is_verified as voter_verified,
            v.vote_type, v.amount, v.weighted_total, v.credit_cost, v.risk_score, v.risk_reasons, v.risk_signals,
            v.ip, v.ip_network, v.device_id, v.user_agent, v.created_at
          from votes v join contests c on c.id = v.contest_id join entries e on e.id = v.entry_id join users u on u.id = v.voter_id
          where ${where}
          order by v.risk_score desc, v.created_at asc, v.id
          limit ${q.limit} offset ${q.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from votes v where ${where}`),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface StateCount {
  state: 'counted' | 'held' | 'voided';
  votes: number;
  weighted: number;
  paid_weighted: number;
}

/** A contest's votes by review state (removed or refunded votes, never held, are left out). */
export async function integrityCounts(db: DbOrTx, contestId: string) {
  const [states, reasons, risk, groups] = await Promise.all([
    queryRows<StateCount>(
      db,
      sql`select case when v.review_state = 'held' then 'held' when v.review_state = 'voided' then 'voided' else 'counted' end as state,
            count(*)::int as votes, coalesce(sum(v.weighted_total), 0)::int as weighted,
            coalesce(sum(v.weighted_total) filter (where v.vote_type = 'paid'), 0)::int as paid_weighted
          from votes v where v.contest_id = ${contestId}::uuid and (v.is_active or v.review_state in ('held', 'voided'))
          group by 1`,
    ),
    queryRows<{ code: string; held: number; voided: number }>(
      db,
      sql`select r.code, count(*) filter (where v.review_state = 'held')::int as held,
            count(*) filter (where v.review_state = 'voided')::int as voided
          from votes v cross join lateral unnest(v.risk_reasons) as r(code)
          where v.contest_id = ${contestId}::uuid and v.review_state in ('held', 'voided')
          group by r.code order by r.code`,
    ),
    queryRows<{ high: number; avg: number | string | null }>(
      db,
      sql`select count(*) filter (where v.risk_score >= ${HOLD_THRESHOLD})::int as high, avg(v.risk_score) as avg
          from votes v where v.contest_id = ${contestId}::uuid`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from fraud_findings f where f.contest_id = ${contestId}::uuid`),
  ]);
  return { states, reasons, high: risk[0]?.high ?? 0, avg: Number(risk[0]?.avg ?? 0), groups: groups[0]?.n ?? 0 };
}

export async function contestExists(db: DbOrTx, contestId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`select id from contests where id = ${contestId}::uuid`);
  return rows.length > 0;
}

/** Votes per 20-point risk band (the last 30 days, or one contest). */
export async function riskBands(db: DbOrTx, q: { contestId?: string | undefined; since: Date }) {
  return queryRows<{ band: number; votes: number }>(
    db,
    sql`select least(v.risk_score / 20, 4)::int as band, count(*)::int as votes from votes v
        where v.created_at >= ${q.since.toISOString()}::timestamptz ${contestFilter(q.contestId)}
        group by 1 order by 1`,
  );
}

export async function reviewTotals(db: DbOrTx, q: { contestId?: string | undefined }) {
  const [row] = await queryRows<{ held: number; voided: number }>(
    db,
    sql`select count(*) filter (where v.review_state = 'held')::int as held, count(*) filter (where v.review_state = 'voided')::int as voided
        from votes v where v.review_state is not null ${contestFilter(q.contestId)}`,
  );
  return row ?? { held: 0, voided: 0 };
}

export async function topRiskyVoters(db: DbOrTx, q: { contestId?: string | undefined; since: Date; limit: number }) {
  return queryRows<{ id: string; full_name: string; email: string; votes: number; avg: string | number; max: number; held: number }>(
    db,
    sql`select u.id, u.full_name, u.email, count(*)::int as votes, avg(v.risk_score) as avg, max(v.risk_score)::int as max,
          count(*) filter (where v.review_state = 'held')::int as held
        from votes v join users u on u.id = v.voter_id
        where v.created_at >= ${q.since.toISOString()}::timestamptz and v.risk_score > 0 ${contestFilter(q.contestId)}
        group by u.id order by avg(v.risk_score) desc, count(*) desc limit ${q.limit}`,
  );
}

export interface FindingRow {
  id: string;
  kind: FraudFindingKind;
  contest_id: string | null;
  contest_title: string | null;
  voter_ids: string[];
  voters: Array<{ id: string; full_name: string }> | null;
  entry_ids: string[];
  vote_count: number;
  held_count: number;
  evidence: Record<string, unknown>;
  first_seen_at: Date | string;
  last_seen_at: Date | string;
}

export async function findings(db: DbOrTx, q: { contestId?: string | undefined; limit: number; offset: number }) {
  const where = q.contestId ? sql`where f.contest_id = ${q.contestId}::uuid` : sql``;
  const [rows, [total]] = await Promise.all([
    queryRows<FindingRow>(
      db,
      sql`select f.id, f.kind, f.contest_id, c.title as contest_title, f.voter_ids, f.entry_ids, f.vote_count, f.held_count,
            f.evidence, f.first_seen_at, f.last_seen_at,
            (select json_agg(json_build_object('id', u.id, 'full_name', u.full_name) order by u.full_name)
               from users u where u.id = any(f.voter_ids)) as voters
          from fraud_findings f left join contests c on c.id = f.contest_id ${where}
          order by f.last_seen_at desc, f.id limit ${q.limit} offset ${q.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from fraud_findings f ${where}`),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------- detection ----------

/** Contests whose voting is open now or closed within the last `closedWithinMs` and not finalized. */
export async function contestsToScan(db: DbOrTx, at: Date, closedWithinMs: number) {
  return queryRows<{ id: string }>(
    db,
    sql`select c.id from contests c
        where c.status in ('active', 'voting', 'ended') and c.voting_start_date <= ${at.toISOString()}::timestamptz
          and c.voting_end_date > ${new Date(at.getTime() - closedWithinMs).toISOString()}::timestamptz`,
  );
}

/** A contest's votes that count or are held (voter, entry, time, type, device), oldest first. */
export async function contestVoteEdges(db: DbOrTx, contestId: string) {
  return queryRows<{
    id: string;
    voter_id: string;
    entry_id: string;
    at: Date | string;
    vote_type: string;
    device_id: string | null;
    ip: string | null;
    active: boolean;
  }>(
    db,
    sql`select v.id, v.voter_id, v.entry_id, v.created_at as at, v.vote_type, v.device_id,
          case when v.ip_network is null then null else v.ip end as ip, v.is_active as active
        from votes v where v.contest_id = ${contestId}::uuid and (v.is_active or v.review_state = 'held')
        order by v.created_at, v.id`,
  );
}

/** Card digests shared by at least `minAccounts` accounts, with those accounts, among these voters. */
export async function sharedCards(db: DbOrTx, voterIds: string[], minAccounts: number) {
  if (voterIds.length === 0) return [];
  return queryRows<{ digest: string; user_ids: string[] }>(
    db,
    sql`select f.digest, array_agg(distinct f.user_id) as user_ids from account_fingerprints f
        where f.kind = 'card' and f.digest in (
          select g.digest from account_fingerprints g where g.kind = 'card' and g.user_id = any(${`{${voterIds.join(',')}}`}::uuid[]))
        group by f.digest having count(distinct f.user_id) >= ${minAccounts}`,
  );
}

export async function upsertFinding(
  tx: Tx,
  f: {
    kind: FraudFindingKind;
    contestId: string | null;
    key: string;
    voterIds: string[];
    entryIds: string[];
    voteCount: number;
    heldCount: number;
    evidence: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  const arr = (ids: string[]) => `{${ids.join(',')}}`;
  await tx.execute(
    sql`insert into fraud_findings (kind, contest_id, key, voter_ids, entry_ids, vote_count, held_count, evidence, first_seen_at, last_seen_at)
        values (${f.kind}, ${f.contestId}::uuid, ${f.key}, ${arr(f.voterIds)}::uuid[], ${arr(f.entryIds)}::uuid[], ${f.voteCount},
          ${f.heldCount}, ${JSON.stringify(f.evidence)}::jsonb, ${f.at.toISOString()}::timestamptz, ${f.at.toISOString()}::timestamptz)
        on conflict (key) do update set vote_count = excluded.vote_count, held_count = fraud_findings.held_count + excluded.held_count,
          evidence = excluded.evidence, last_seen_at = excluded.last_seen_at`,
  );
}

// ---------- users' verification ----------

export async function userVerification(
  db: DbOrTx,
  q: { search?: string | undefined; state: 'all' | 'unverified' | 'verified' | 'payout_ready'; limit: number; offset: number },
) {
  const like = q.search ? `%${q.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : null;
  const conds: SQL[] = [sql`true`];
  if (like) conds.push(sql`(u.full_name ilike ${like} or u.email ilike ${like})`);
  if (q.state === 'unverified') conds.push(sql`not u.is_verified`);
  if (q.state === 'verified') conds.push(sql`u.is_verified`);
  if (q.state === 'payout_ready') conds.push(sql`u.is_verified and b.user_id is not null`);
  const where = sql.join(conds, sql` and `);
  const [rows, [total]] = await Promise.all([
    queryRows<{
      id: string;
      full_name: string;
      email: string;
      role: 'user' | 'moderator' | 'admin';
      status: string;
      is_verified: boolean;
      email_verified_at: Date | string | null;
      has_phone: boolean;
      two_factor_enabled: boolean;
      bank_name: string | null;
      bank_verified_at: Date | string | null;
      created_at: Date | string;
    }>(
      db,
      sql`select u.id, u.full_name, u.email, u.role, u.status, u.is_verified, u.email_verified_at, (u.phone is not null) as has_phone,
            u.two_factor_enabled, b.bank_name, b.verified_at as bank_verified_at, u.created_at
          from users u left join bank_accounts b on b.user_id = u.id
          where ${where} order by u.created_at desc, u.id limit ${q.limit} offset ${q.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from users u left join bank_accounts b on b.user_id = u.id where ${where}`),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------- security logs ----------

export type SecurityLogType = 'login' | 'login_failed' | 'lockout' | 'two_factor' | 'staff_action';

/**
 * Logins (sessions), failed logins and lockouts (security.login_failed events), 2FA changes
 * (security.two_factor_changed events) and staff actions (audit_log), newest first.
 */
export async function securityLog(db: DbOrTx, q: { type?: SecurityLogType | undefined; limit: number; offset: number }) {
  const parts: Record<SecurityLogType, SQL> = {
    login: sql`select 'login' as type, 's' || s.id::text as id, s.created_at as at, s.user_id, 'Signed in' || coalesce(' (' || left(s.user_agent, 80) || ')', '') as summary, s.ip_address as ip from sessions s`,
    login_failed: sql`select 'login_failed', 'e' || d.id::text, d.created_at, (d.payload ->> 'userId')::uuid, 'Failed sign-in: ' || (d.payload ->> 'reason'), d.payload ->> 'ip'
      from domain_events d where d.name = 'security.login_failed' and not coalesce((d.payload ->> 'locked')::boolean, false)`,
    lockout: sql`select 'lockout', 'e' || d.id::text, d.created_at, (d.payload ->> 'userId')::uuid, 'Account locked after repeated failed sign-ins', d.payload ->> 'ip'
      from domain_events d where d.name = 'security.login_failed' and coalesce((d.payload ->> 'locked')::boolean, false)`,
    two_factor: sql`select 'two_factor', 'e' || d.id::text, d.created_at, (d.payload ->> 'userId')::uuid,
      case when (d.payload ->> 'enabled')::boolean then 'Two-factor sign-in turned on' else 'Two-factor sign-in turned off' end, null::text
      from domain_events d where d.name = 'security.two_factor_changed'`,
    staff_action: sql`select 'staff_action', 'a' || a.id::text, a.created_at, a.actor_id,
      a.action || ' ' || a.target_type || ' ' || a.target_id || coalesce(': ' || left(a.reason, 120), ''), a.ip from audit_log a`,
  };
  const chosen = q.type ? [parts[q.type]] : Object.values(parts);
  const union = sql.join(chosen, sql` union all `);
  const [rows, [total]] = await Promise.all([
    queryRows<{
      type: SecurityLogType;
      id: string;
      at: Date | string;
      user_id: string | null;
      summary: string;
      ip: string | null;
      full_name: string | null;
      email: string | null;
    }>(
      db,
      sql`select l.*, u.full_name, u.email from (${union}) as l(type, id, at, user_id, summary, ip)
          left join users u on u.id = l.user_id order by l.at desc, l.id desc limit ${q.limit} offset ${q.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${union}) as l`),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function contestFinalized(db: DbOrTx, contestId: string): Promise<boolean> {
  const [row] = await queryRows<{ f: boolean }>(
    db,
    sql`select (finalized_at is not null) as f from contests where id = ${contestId}::uuid`,
  );
  return row?.f ?? true;
}

/** Contests about to be finalized (voting over or ended, not finalized yet): the last scan before the result. */
export async function contestsClosing(db: DbOrTx, at: Date) {
  return queryRows<{ id: string }>(
    db,
    sql`select c.id from contests c
        where c.finalized_at is null
          and (c.status = 'ended' or (c.status in ('active', 'voting') and c.voting_end_date <= ${at.toISOString()}::timestamptz))`,
  );
}
