import type { PaymentPurpose } from '@contesthub/shared';

/**
 * What settles each kind of payment and payout. The modules that take payments (deposits, vote
 * credits, subscriptions, withdrawals) each export their function; the composition root builds the
 * registry and hands it to the payments module through the app context, so payments imports none
 * of them. Generic over the context so this file knows no module either.
 */
export interface PaymentRegistry<Ctx> {
  /** Settles a payment of one purpose by reference: as its payer (userId) or as the system (null). */
  purposes: Record<PaymentPurpose, (ctx: Ctx, userId: string | null, reference: string) => Promise<{ credited: boolean }>>;
  /** Settles a payout (withdrawal) by its transfer reference: the webhook's transfer events. */
  settleTransfer(ctx: Ctx, reference: string): Promise<unknown>;
}
