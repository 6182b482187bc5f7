/**
 * Drizzle queries of vote credits: the buyer's tier, the credit history (card purchases from `payments`
 * merged with the other movements of the user's CREDIT ledger account) and the purchase totals. No rules
 * here: see vote-credits.service.ts.
 *
 * Raw SQL answers are read driver-independently: numbers as text, times as epoch milliseconds.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { payments, users } from '../../db/schema/index.js';
import { accounts } from '../ledger/accounts.js';
import { accountLinesSql } from '../ledger/ledger.js';

export async function findTierFields(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ role: users.role, subscriptionTier: users.subscriptionTier, subscriptionExpiresAt: users.subscriptionExpiresAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export interface CreditHistoryFilter {
  userId: string;
  /** The ledger kind of a purchase: its ledger line is not listed (the payment row stands for it). */
  purchaseKind: string;
  /** Ledger kinds listed under the type 'vote_spend'. */
  spendKinds: readonly string[];
  spendType: string;
  /** Purchases not credited that started at or before this moment are listed as failed. */
  staleBefore: Date;
  /** The failure reasons the history gives where the gateway gave none. */
  failureReasons: { mismatched: string; notCompleted: string };
  type?: string | undefined;
  status?: 'pending' | 'completed' | 'failed' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface CreditHistoryRow {
  source: 'payment' | 'ledger';
  id: string;
  reference: string;
  type: string;
  status: 'pending' | 'completed' | 'failed';
  failureReason: string | null;
  /** Ledger rows: the transaction's description; payments: null (the service writes one). */
  description: string | null;
  /** Payments: the package bought (from metadata), else null. */
  packageId: string | null;
  /** Payments: whole credits bought (from metadata). */
  purchasedCredits: number;
  /** Ledger rows: signed credit units (hundredths) of the line. */
  units: number;
  /** Kobo paid (payments), else 0. */
  amountKobo: number;
  createdAt: Date;
}

interface RawHistoryRow {
  source: 'payment' | 'ledger';
  id: string;
  reference: string;
  type: string;
  status: 'pending' | 'completed' | 'failed';
  failure_reason: string | null;
  description: string | null;
  package_id: string | null;
  purchased_credits: string | null;
  units: string;
  amount_kobo: string;
  created_ms: string;
}

/**
 * Both sources in one shape, each row with the caller's view of its type and status. A purchase's status
 * and reason follow paymentStatus() in vote-credits.service.ts: credited → completed; failed or mismatched
 * → failed; still open and started at or before `staleBefore` → failed; else pending.
 */
function historyUnion(f: CreditHistoryFilter): SQL {
  const creditCode = accounts.userCredits(f.userId).code;
  const stale = sql`p.created_at <= ${f.staleBefore.toISOString()}::timestamptz`;
  const spendKinds = sql.join(
    f.spendKinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return sql`
    select 'payment'::text as source, p.id::text as id, p.reference, ${f.purchaseKind}::text as type,
      case when p.credited_at is not null then 'completed'
        when p.status in ('failed', 'mismatched') or ${stale} then 'failed'
        else 'pending' end as status,
      case when p.credited_at is not null then null
        when p.status = 'mismatched' then ${f.failureReasons.mismatched}::text
        when p.status = 'failed' then p.gateway_response
        when ${stale} then ${f.failureReasons.notCompleted}::text end as failure_reason,
      null::text as description,
      p.metadata ->> 'package' as package_id,
      case when jsonb_typeof(p.metadata -> 'credits') = 'number' then p.metadata ->> 'credits' end as purchased_credits,
      0::bigint as units, p.amount_kobo, p.created_at, 0::bigint as seq
    from ${payments} p
    where p.user_id = ${f.userId} and p.purpose = 'credits'
    union all
    select 'ledger'::text, l.id::text, l.reference,
      case when l.kind in (${spendKinds}) then ${f.spendType}::text else l.kind end,
      'completed', null::text, l.description, null::text, null::text,
      l.amount, 0::bigint, l.created_at, l.id
    from (${accountLinesSql(creditCode)}) l
    where l.kind <> ${f.purchaseKind}`;
}

function historyWhere(f: CreditHistoryFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (f.type) conditions.push(sql`h.type = ${f.type}`);
  if (f.status) conditions.push(sql`h.status = ${f.status}`);
  if (f.from) conditions.push(sql`h.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conditions.push(sql`h.created_at <= ${f.to.toISOString()}::timestamptz`);
  return sql.join(conditions, sql` and `);
}

/** The caller's credit history, newest first, one page of it and the number of rows matching. */
export async function listCreditHistory(
  db: DbOrTx,
  f: CreditHistoryFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: CreditHistoryRow[]; total: number }> {
  const union = historyUnion(f);
  const where = historyWhere(f);
  const [rows, [counted]] = await Promise.all([
    queryRows<RawHistoryRow>(
      db,
      sql`select h.source, h.id, h.reference, h.type, h.status, h.failure_reason, h.description, h.package_id,
          h.purchased_credits, h.units::text as units, h.amount_kobo::text as amount_kobo,
          floor(extract(epoch from h.created_at) * 1000)::bigint::text as created_ms
        from (${union}) h
        where ${where}
        order by h.created_at desc, h.seq desc, h.id desc
        limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: string }>(db, sql`select count(*)::text as total from (${union}) h where ${where}`),
  ]);
  return {
    rows: rows.map((r) => ({
      source: r.source,
      id: r.id,
      reference: r.reference,
      type: r.type,
      status: r.status,
      failureReason: r.failure_reason,
      description: r.description,
      packageId: r.package_id,
      purchasedCredits: r.purchased_credits === null ? 0 : Number(r.purchased_credits),
      units: Number(r.units),
      amountKobo: Number(r.amount_kobo),
      createdAt: new Date(Number(r.created_ms)),
    })),
    total: Number(counted?.total ?? 0),
  };
}

/** Completed (credited) card purchases of credits: how many, kobo paid and whole credits bought. */
export async function purchaseTotals(db: DbOrTx, userId: string): Promise<{ purchases: number; kobo: number; credits: number }> {
  const [row] = await queryRows<{ purchases: string; kobo: string; credits: string }>(
    db,
    sql`select count(*)::text as purchases, coalesce(sum(p.amount_kobo), 0)::text as kobo,
        coalesce(sum(case when jsonb_typeof(p.metadata -> 'credits') = 'number' then (p.metadata ->> 'credits')::numeric end), 0)::text as credits
      from ${payments} p
      where p.user_id = ${userId} and p.purpose = 'credits' and p.credited_at is not null`,
  );
  return { purchases: Number(row?.purchases ?? 0), kobo: Number(row?.kobo ?? 0), credits: Number(row?.credits ?? 0) };
}
