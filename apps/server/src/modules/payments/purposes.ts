/**
 * What settles a card payment of each purpose, for the callers that only know a reference: the
 * Paystack webhook and the payment sweep. Each purpose's own verify route calls its settle function
 * directly with the payer's id.
 *
 * The payments module knows no purpose: the modules that take payments (deposits here, vote credits,
 * subscriptions) each export their settle function and the composition root (app.ts) hands the
 * registry over in `ctx.payments`.
 */
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { isAppError } from '../../lib/errors.js';
import { runAsLeader } from '../../lib/leader-lock.js';
import { purposeOf, sweepDue } from './payments.repository.js';
import { PAYMENT_SWEEP_MAX_AGE_MS } from './settlement.js';

/** Settles whatever payment `reference` is, as the system (webhook, sweep). Unknown references: null. */
export async function settleAnyPayment(ctx: AppContext, reference: string): Promise<{ credited: boolean } | null> {
  const purpose = await purposeOf(ctx.db, reference);
  if (!purpose) return null;
  return ctx.payments.purposes[purpose](ctx, null, reference);
}

/** A payer who paid and closed the tab never comes back to verify: the sweep settles their payment. */
export const PAYMENT_SWEEP_MIN_AGE_MS = 5 * 60 * 1000;
const SWEEP_BATCH = 50;

/**
 * Asks the gateway about unsettled payments between 5 minutes and a day old and gives the value of those
 * that were paid (once: settlement's row lock and the ledger reference guard). Least recently checked
 * first, and a payment is asked again only after a quarter of its age (at least 5 minutes), so checkouts
 * left unfinished back off and never crowd out a newer paid one.
 */
export async function runPaymentSweep(ctx: AppContext): Promise<{ examined: number; credited: number }> {
  // One instance sweeps at a time, so the gateway is not asked the same thing by every server.
  const run = await runAsLeader(ctx, PAYMENT_SWEEP_LOCK_KEY, () => sweep(ctx));
  return run.leader ? run.result : { examined: 0, credited: 0 };
}

/** Advisory lock key of the payment sweep (see lib/leader-lock.ts). */
export const PAYMENT_SWEEP_LOCK_KEY = 727_004;

async function sweep(ctx: AppContext): Promise<{ examined: number; credited: number }> {
  const at = now();
  const due = await sweepDue(ctx.db, at, { minAgeMs: PAYMENT_SWEEP_MIN_AGE_MS, maxAgeMs: PAYMENT_SWEEP_MAX_AGE_MS }, SWEEP_BATCH);
  let credited = 0;
  for (const p of due) {
    try {
      const settled = await ctx.payments.purposes[p.purpose](ctx, null, p.reference);
      if (settled.credited) credited += 1;
    } catch (err) {
      // Not paid (yet), declined, or the gateway is down: the payment stays as it is for the next run.
      if (!isAppError(err)) ctx.log.warn({ err, reference: p.reference }, 'payment sweep could not settle a payment');
    }
  }
  return { examined: due.length, credited };
}
