/**
 * What the reconciliation reads of card payments and withdrawals (the ledger side comes from the
 * ledger's read API). Raw SQL answers are read driver-independently: numbers as text. No rules here.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { payments, withdrawals } from '../../db/schema/index.js';

/** Every credited card payment. */
export function creditedPayments(db: DbOrTx) {
  return queryRows<{ reference: string; status: string; verified: boolean; amount: string }>(
    db,
    sql`select p.reference, p.status, p.verified_at is not null as verified, p.amount_kobo::text as amount
    from ${payments} p
    where p.credited_at is not null`,
  );
}

/** Payments made with another amount or currency, oldest first. */
export function mismatchedPayments(db: DbOrTx) {
  return queryRows<{ reference: string; response: string | null }>(
    db,
    sql`select reference, gateway_response as response from ${payments} where status = 'mismatched' order by created_at`,
  );
}

/** Every withdrawal. */
export function allWithdrawals(db: DbOrTx) {
  return queryRows<{ reference: string; status: string; amount: string; fee: string; created_at: string }>(
    db,
    sql`select w.reference, w.status, w.amount_kobo::text as amount, w.fee_kobo::text as fee, w.created_at::text
    from ${withdrawals} w`,
  );
}

/** Naira paid in (credited payments) and out (withdrawals not given back), and how many of each. */
export async function moneyFlows(db: DbOrTx) {
  const [row] = await queryRows<{ paid_in: string; paid_out: string; payments: string; withdrawals: string }>(
    db,
    sql`
    select
      (select coalesce(sum(amount_kobo), 0) from ${payments} where credited_at is not null)::text as paid_in,
      (select coalesce(sum(amount_kobo), 0) from ${withdrawals} where status in ('pending', 'success'))::text as paid_out,
      (select count(*) from ${payments} where credited_at is not null)::text as payments,
      (select count(*) from ${withdrawals})::text as withdrawals`,
  );
  return row;
}

/** Credited purchases of credits: credit units sold (whole credits × 100) and how many purchases. */
export async function creditSales(db: DbOrTx) {
  const [row] = await queryRows<{ sold: string; purchases: string }>(
    db,
    sql`
    select
      (select coalesce(sum((metadata->>'credits')::bigint), 0) * 100 from ${payments}
         where purpose = 'credits' and credited_at is not null)::text as sold,
      (select count(*) from ${payments} where purpose = 'credits' and credited_at is not null)::text as purchases`,
  );
  return row;
}
