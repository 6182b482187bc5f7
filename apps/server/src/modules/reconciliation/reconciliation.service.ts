/**
 * Reconciliation (issue 5): the books checked against themselves and against the gateway records.
 * Run by `npm run reconcile` and readable by admins at GET /api/admin/reconciliation.
 *
 *   ledger_balanced      every transaction balances per asset and each asset sums to zero; every cached
 *                        balance equals the sum of its journal lines (checkLedgerIntegrity).
 *   no_negative_balance  no account a person or contest owns is below zero.
 *   payments_verified    every credited card payment was verified with the gateway (success, verified_at) and
 *                        has exactly one posting moving exactly its amount out of the gateway account; every
 *                        naira that entered through a gateway account belongs to such a payment; and no
 *                        payment made with another amount waits for a refund.
 *   withdrawals_settled  every withdrawal has its debit posting (amount to the gateway, amount + fee from the
 *                        wallet); failed or reversed ones have exactly one reversal, the others none; every
 *                        naira that left through a gateway account belongs to a withdrawal; a payout still
 *                        pending after a day is reported.
 *   wallet_flows         the naira the platform holds (wallets, escrow, revenue) equals verified inflows
 *                        (credited payments, demo funding) minus outflows (withdrawals not given back).
 *   credits_flows        credits issued for sale equal the credits of credited purchases.
 *
 * Read-only: it reports and never repairs; a finding needs a person to look at it.
 */
import { sql } from 'drizzle-orm';
import type { TReconciliationFinding, TReconciliationReport } from '@contesthub/shared';
import { queryRows, type Db, type DbOrTx } from '../../db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payments, withdrawals } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { accounts } from '../ledger/accounts.js';
import { checkLedgerIntegrity } from '../ledger/ledger.js';

type Check = TReconciliationFinding['check'];

/** A withdrawal still pending after this long is reported (the follow-up job settles them within minutes). */
export const STALE_WITHDRAWAL_MS = 24 * 60 * 60 * 1000;

/** The text after the first ':' of a ledger reference: the payment or withdrawal reference it is about. */
const subjectOf = (column: unknown) => sql`substr(${column}, strpos(${column}, ':') + 1)`;

const n = (v: string | number | null | undefined) => Number(v ?? 0);

/**
 * The report, read in ONE repeatable-read, read-only transaction: every check sees the same moment, so
 * payments and withdrawals committing while it runs can never make the sums disagree.
 */
export function runReconciliation(db: Db): Promise<TReconciliationReport> {
  return db.transaction((tx) => reconcile(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function reconcile(db: DbOrTx): Promise<TReconciliationReport> {
  const findings: TReconciliationFinding[] = [];
  const checks: TReconciliationReport['checks'] = [];
  const record = (check: Check, examined: number, found: TReconciliationFinding[]) => {
    checks.push({ check, ok: found.length === 0, examined });
    findings.push(...found);
  };

  // ---- ledger_balanced and no_negative_balance ----
  const integrity = await checkLedgerIntegrity(db);
  const negative = integrity.problems.filter((p) => p.includes(' is negative '));
  const other = integrity.problems.filter((p) => !p.includes(' is negative '));
  record(
    'ledger_balanced',
    integrity.transactions,
    other.map((message) => ({ check: 'ledger_balanced' as const, message, subject: null })),
  );
  record(
    'no_negative_balance',
    integrity.accounts,
    negative.map((message) => ({ check: 'no_negative_balance' as const, message, subject: message.split(' ')[1] ?? null })),
  );

  // ---- payments_verified ----
  const paymentFindings: TReconciliationFinding[] = [];
  const credited = await queryRows<{
    reference: string;
    status: string;
    verified: boolean;
    amount: string;
    postings: string;
    moved: string;
  }>(
    db,
    sql`
    select p.reference, p.status, p.verified_at is not null as verified, p.amount_kobo::text as amount,
           count(distinct t.id)::text as postings, coalesce(-sum(e.amount), 0)::text as moved
    from ${payments} p
    left join ${ledgerTransactions} t on ${subjectOf(sql`t.reference`)} = p.reference
    left join ${ledgerEntries} e on e.transaction_id = t.id
      and e.account_id in (select id from ${ledgerAccounts} where kind = 'gateway')
    where p.credited_at is not null
    group by p.id`,
  );
  for (const p of credited) {
    if (p.status !== 'success' || !p.verified) {
      paymentFindings.push({
        check: 'payments_verified',
        message: `payment ${p.reference} was credited but not verified as successful (status ${p.status})`,
        subject: p.reference,
      });
    }
    if (n(p.postings) !== 1 || n(p.moved) !== n(p.amount)) {
      paymentFindings.push({
        check: 'payments_verified',
        message: `payment ${p.reference} of ${p.amount} kobo has ${p.postings} posting(s) moving ${p.moved} kobo from the gateway`,
        subject: p.reference,
      });
    }
  }
  // Naira in through a gateway account that no credited payment explains (withdrawal reversals are
  // money coming back from a payout, checked with the withdrawals).
  const unexplainedIn = await queryRows<{ reference: string; amount: string }>(
    db,
    sql`
    select t.reference, (-sum(e.amount))::text as amount
    from ${ledgerEntries} e
    join ${ledgerAccounts} a on a.id = e.account_id and a.kind = 'gateway'
    join ${ledgerTransactions} t on t.id = e.transaction_id
    where e.amount < 0
      and t.kind <> 'withdrawal_reversal'
      and t.reference not like 'demo:%'
      and not exists (select 1 from ${payments} p where p.reference = ${subjectOf(sql`t.reference`)} and p.credited_at is not null)
    group by t.reference`,
  );
  for (const r of unexplainedIn) {
    paymentFindings.push({
      check: 'payments_verified',
      message: `ledger transaction ${r.reference} took ${r.amount} kobo in through a gateway without a verified payment`,
      subject: r.reference,
    });
  }
  // Paid with another amount or currency: never credited, so the payer's money is with us for nothing.
  const mismatched = await queryRows<{ reference: string; response: string | null }>(
    db,
    sql`select reference, gateway_response as response from ${payments} where status = 'mismatched' order by created_at`,
  );
  for (const m of mismatched) {
    paymentFindings.push({
      check: 'payments_verified',
      message: `payment ${m.reference} was paid with another amount or currency (${m.response ?? 'no details'}) and was not credited: refund the payer`,
      subject: m.reference,
    });
  }
  record('payments_verified', credited.length + mismatched.length, paymentFindings);

  // ---- withdrawals_settled ----
  const withdrawalFindings: TReconciliationFinding[] = [];
  const rows = await queryRows<{
    reference: string;
    status: string;
    amount: string;
    fee: string;
    created_at: string;
    debits: string;
    to_gateway: string;
    from_wallet: string;
    reversals: string;
  }>(
    db,
    sql`
    select w.reference, w.status, w.amount_kobo::text as amount, w.fee_kobo::text as fee, w.created_at::text,
      (select count(*) from ${ledgerTransactions} t where t.reference = 'withdrawal:' || w.reference)::text as debits,
      (select coalesce(sum(e.amount), 0) from ${ledgerEntries} e
         join ${ledgerTransactions} t on t.id = e.transaction_id and t.reference = 'withdrawal:' || w.reference
         join ${ledgerAccounts} a on a.id = e.account_id and a.kind = 'gateway')::text as to_gateway,
      (select coalesce(-sum(e.amount), 0) from ${ledgerEntries} e
         join ${ledgerTransactions} t on t.id = e.transaction_id and t.reference = 'withdrawal:' || w.reference
         join ${ledgerAccounts} a on a.id = e.account_id and a.kind = 'user_wallet')::text as from_wallet,
      (select count(*) from ${ledgerTransactions} t where t.reference = 'withdrawal-reversal:' || w.reference)::text as reversals
    from ${withdrawals} w`,
  );
  const staleBefore = now().getTime() - STALE_WITHDRAWAL_MS;
  for (const w of rows) {
    const total = n(w.amount) + n(w.fee);
    if (n(w.debits) !== 1 || n(w.to_gateway) !== n(w.amount) || n(w.from_wallet) !== total) {
      withdrawalFindings.push({
        check: 'withdrawals_settled',
        message: `withdrawal ${w.reference} of ${w.amount} kobo (+${w.fee} fee) has ${w.debits} debit posting(s): ${w.to_gateway} kobo to the gateway, ${w.from_wallet} kobo from the wallet`,
        subject: w.reference,
      });
    }
    const givenBack = w.status === 'failed' || w.status === 'reversed';
    if (n(w.reversals) !== (givenBack ? 1 : 0)) {
      withdrawalFindings.push({
        check: 'withdrawals_settled',
        message: `withdrawal ${w.reference} is ${w.status} with ${w.reversals} reversal(s); expected ${givenBack ? 1 : 0}`,
        subject: w.reference,
      });
    }
    if (w.status === 'pending' && new Date(w.created_at).getTime() < staleBefore) {
      withdrawalFindings.push({
        check: 'withdrawals_settled',
        message: `withdrawal ${w.reference} is still pending after more than a day`,
        subject: w.reference,
      });
    }
  }
  const unexplainedOut = await queryRows<{ reference: string; amount: string }>(
    db,
    sql`
    select t.reference, sum(e.amount)::text as amount
    from ${ledgerEntries} e
    join ${ledgerAccounts} a on a.id = e.account_id and a.kind = 'gateway'
    join ${ledgerTransactions} t on t.id = e.transaction_id
    where e.amount > 0
      and not (t.reference like 'withdrawal:%'
               and exists (select 1 from ${withdrawals} w where w.reference = ${subjectOf(sql`t.reference`)}))
    group by t.reference`,
  );
  for (const r of unexplainedOut) {
    withdrawalFindings.push({
      check: 'withdrawals_settled',
      message: `ledger transaction ${r.reference} paid ${r.amount} kobo out through a gateway without a withdrawal`,
      subject: r.reference,
    });
  }
  record('withdrawals_settled', rows.length, withdrawalFindings);

  // ---- wallet_flows ----
  const [held] = await queryRows<{ wallets: string; escrow: string; revenue: string; other: string; gateways: string; demo: string }>(
    db,
    sql`
    select
      coalesce(sum(balance) filter (where kind = 'user_wallet'), 0)::text as wallets,
      coalesce(sum(balance) filter (where kind = 'contest_escrow'), 0)::text as escrow,
      coalesce(sum(balance) filter (where kind = 'platform_revenue'), 0)::text as revenue,
      coalesce(sum(balance) filter (where kind not in ('user_wallet', 'contest_escrow', 'platform_revenue', 'gateway', 'demo_funding')), 0)::text as other,
      coalesce(sum(balance) filter (where kind = 'gateway'), 0)::text as gateways,
      coalesce(sum(balance) filter (where kind = 'demo_funding'), 0)::text as demo
    from ${ledgerAccounts} where asset = 'NGN'`,
  );
  const [flows] = await queryRows<{ paid_in: string; paid_out: string; payments: string; withdrawals: string; legacy_demo: string }>(
    db,
    sql`
    select
      (select coalesce(sum(amount_kobo), 0) from ${payments} where credited_at is not null)::text as paid_in,
      (select coalesce(sum(amount_kobo), 0) from ${withdrawals} where status in ('pending', 'success'))::text as paid_out,
      (select count(*) from ${payments} where credited_at is not null)::text as payments,
      (select count(*) from ${withdrawals})::text as withdrawals,
      -- Demo databases seeded before issue 5 funded demo wallets from the sandbox gateway account.
      (select coalesce(-sum(e.amount), 0) from ${ledgerEntries} e
         join ${ledgerAccounts} a on a.id = e.account_id and a.kind = 'gateway'
         join ${ledgerTransactions} t on t.id = e.transaction_id and t.reference like 'demo:%')::text as legacy_demo`,
  );
  const demoFunding = -n(held?.demo) + n(flows?.legacy_demo);
  const gatewayNetIn = n(flows?.paid_in) - n(flows?.paid_out) + n(flows?.legacy_demo);
  const holding = n(held?.wallets) + n(held?.escrow) + n(held?.revenue) + n(held?.other);
  const expected = n(flows?.paid_in) - n(flows?.paid_out) + demoFunding;
  const flowFindings: TReconciliationFinding[] = [];
  if (holding !== expected) {
    flowFindings.push({
      check: 'wallet_flows',
      message: `the platform holds ${holding} kobo but verified inflows minus outflows are ${expected} kobo (payments ${n(flows?.paid_in)}, withdrawals ${n(flows?.paid_out)}, demo funding ${demoFunding})`,
      subject: null,
    });
  }
  if (-n(held?.gateways) !== gatewayNetIn) {
    flowFindings.push({
      check: 'wallet_flows',
      message: `the gateway accounts show ${-n(held?.gateways)} kobo net in, but credited payments minus withdrawals are ${gatewayNetIn} kobo`,
      subject: null,
    });
  }
  record('wallet_flows', n(flows?.payments) + n(flows?.withdrawals), flowFindings);

  // ---- credits_flows ----
  const issuance = accounts.creditIssuance().code;
  const [credits] = await queryRows<{ issued: string; sold: string; purchases: string; users: string }>(
    db,
    sql`
    select
      (select coalesce(-sum(balance), 0) from ${ledgerAccounts} where code = ${issuance})::text as issued,
      (select coalesce(sum((metadata->>'credits')::bigint), 0) * 100 from ${payments}
         where purpose = 'credits' and credited_at is not null)::text as sold,
      (select count(*) from ${payments} where purpose = 'credits' and credited_at is not null)::text as purchases,
      (select coalesce(sum(balance), 0) from ${ledgerAccounts} where kind = 'user_credits')::text as users`,
  );
  const creditFindings: TReconciliationFinding[] = [];
  if (n(credits?.issued) !== n(credits?.sold)) {
    creditFindings.push({
      check: 'credits_flows',
      message: `${n(credits?.issued) / 100} credits were issued for sale but credited purchases add up to ${n(credits?.sold) / 100}`,
      subject: issuance,
    });
  }
  record('credits_flows', n(credits?.purchases), creditFindings);

  return {
    ok: findings.length === 0,
    checkedAt: now().toISOString(),
    checks,
    findings,
    totals: {
      walletsKobo: n(held?.wallets),
      userCredits: n(credits?.users) / 100,
      escrowKobo: n(held?.escrow),
      revenueKobo: n(held?.revenue),
    },
  };
}
