/**
 * Tier benefits follow the live subscription: users.subscription_tier and subscription_expires_at
 * mirror the running subscription (written in the transaction that starts, extends or ends it).
 * The rule itself is shared (packages/shared/src/roles.ts: liveTier, isPremium), so the web and the
 * server can never disagree about it.
 */
export { isPremium, liveTier } from '@contesthub/shared';
