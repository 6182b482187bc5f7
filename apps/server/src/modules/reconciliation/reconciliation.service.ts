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
import type { TReconciliationFinding, TReconciliationReport } from '@contesthub/shared';
import { unitsToCredits } from '@contesthub/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { accounts } from '../ledger/accounts.js';
import {
  balanceOf,
  balancesByKind,
  checkLedgerIntegrity,
  gatewayInBySubject,
  gatewayMovements,
  postingsByReference,
} from '../ledger/ledger.js';
import { allWithdrawals, creditSales, creditedPayments, mismatchedPayments, moneyFlows } from './reconciliation.repository.js';

type Check = TReconciliationFinding['check'];

/** A withdrawal still pending after this long is reported (the follow-up job settles them within minutes). */
export const STALE_WITHDRAWAL_MS = 24 * 60 * 60 * 1000;

/** The text after the first ':' of a ledger reference: the payment or withdrawal reference it is about. */
const subjectOf = (reference: string) => reference.slice(reference.indexOf(':') + 1);

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
  const payments = await creditedPayments(db);
  const bySubject = await gatewayInBySubject(
    db,
    payments.map((p) => p.reference),
  );
  const credited = payments.map((p) => {
    const posted = bySubject.get(p.reference);
    return { ...p, postings: String(posted?.postings ?? 0), moved: String(posted?.gatewayIn ?? 0) };
  });
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
  const gatewayLines = await gatewayMovements(db);
  const creditedRefs = new Set(payments.map((p) => p.reference));
  const unexplainedIn = gatewayLines
    .filter(
      (t) =>
        t.inKobo > 0 && t.kind !== 'withdrawal_reversal' && !t.reference.startsWith('demo:') && !creditedRefs.has(subjectOf(t.reference)),
    )
    .map((t) => ({ reference: t.reference, amount: String(t.inKobo) }));
  for (const r of unexplainedIn) {
    paymentFindings.push({
      check: 'payments_verified',
      message: `ledger transaction ${r.reference} took ${r.amount} kobo in through a gateway without a verified payment`,
      subject: r.reference,
    });
  }
  // Paid with another amount or currency: never credited, so the payer's money is with us for nothing.
  const mismatched = await mismatchedPayments(db);
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
  const withdrawalRows = await allWithdrawals(db);
  const postings = await postingsByReference(
    db,
    withdrawalRows.flatMap((w) => [`withdrawal:${w.reference}`, `withdrawal-reversal:${w.reference}`]),
  );
  const rows = withdrawalRows.map((w) => {
    const debit = postings.get(`withdrawal:${w.reference}`);
    return {
      ...w,
      debits: String(debit?.postings ?? 0),
      to_gateway: String(debit?.byAccountKind.get('gateway') ?? 0),
      from_wallet: String(0 - (debit?.byAccountKind.get('user_wallet') ?? 0)),
      reversals: String(postings.get(`withdrawal-reversal:${w.reference}`)?.postings ?? 0),
    };
  });
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
  const withdrawalRefs = new Set(withdrawalRows.map((w) => w.reference));
  const unexplainedOut = gatewayLines
    .filter((t) => t.outKobo > 0 && !(t.reference.startsWith('withdrawal:') && withdrawalRefs.has(subjectOf(t.reference))))
    .map((t) => ({ reference: t.reference, amount: String(t.outKobo) }));
  for (const r of unexplainedOut) {
    withdrawalFindings.push({
      check: 'withdrawals_settled',
      message: `ledger transaction ${r.reference} paid ${r.amount} kobo out through a gateway without a withdrawal`,
      subject: r.reference,
    });
  }
  record('withdrawals_settled', rows.length, withdrawalFindings);

  // ---- wallet_flows ----
  const naira = await balancesByKind(db, 'NGN');
  const heldKinds = ['user_wallet', 'contest_escrow', 'platform_revenue', 'gateway', 'demo_funding'];
  const held = {
    wallets: naira.get('user_wallet') ?? 0,
    escrow: naira.get('contest_escrow') ?? 0,
    revenue: naira.get('platform_revenue') ?? 0,
    other: [...naira].filter(([kind]) => !heldKinds.includes(kind)).reduce((sum, [, balance]) => sum + balance, 0),
    gateways: naira.get('gateway') ?? 0,
    demo: naira.get('demo_funding') ?? 0,
  };
  // Demo databases seeded before issue 5 funded demo wallets from the sandbox gateway account.
  const legacyDemo = gatewayLines.filter((t) => t.reference.startsWith('demo:')).reduce((sum, t) => sum + t.inKobo - t.outKobo, 0);
  const flows = { ...(await moneyFlows(db)), legacy_demo: legacyDemo };
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
  const sales = await creditSales(db);
  const credits = {
    issued: 0 - (await balanceOf(db, accounts.creditIssuance())),
    sold: sales?.sold,
    purchases: sales?.purchases,
    users: (await balancesByKind(db, 'CREDIT')).get('user_credits') ?? 0,
  };
  const creditFindings: TReconciliationFinding[] = [];
  if (n(credits?.issued) !== n(credits?.sold)) {
    creditFindings.push({
      check: 'credits_flows',
      message: `${unitsToCredits(n(credits?.issued))} credits were issued for sale but credited purchases add up to ${unitsToCredits(n(credits?.sold))}`,
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
      userCredits: unitsToCredits(n(credits?.users)),
      escrowKobo: n(held?.escrow),
      revenueKobo: n(held?.revenue),
    },
  };
}
