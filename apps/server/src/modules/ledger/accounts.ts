/**
 * The chart of accounts. Codes are stable strings so an account is created on first use and found
 * again without a lookup table. Boundary accounts (money or credits entering or leaving the
 * platform) may go negative; every account a person or a contest owns may not.
 */
export type Asset = 'NGN' | 'CREDIT';

export interface AccountSpec {
  code: string;
  asset: Asset;
  kind: string;
  ownerUserId?: string;
  allowNegative?: boolean;
}

export const VOTE_REVENUE_SHARDS = 16;

/** A stable shard number for a key (FNV-1a), the same in every process. */
export function shardOf(key: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

export const accounts = {
  /** A user's naira wallet, in kobo. */
  userWallet: (userId: string): AccountSpec => ({ code: `user:${userId}:NGN`, asset: 'NGN', kind: 'user_wallet', ownerUserId: userId }),
  /** A user's vote credits, in hundredths. */
  userCredits: (userId: string): AccountSpec => ({
    code: `user:${userId}:CREDIT`,
    asset: 'CREDIT',
    kind: 'user_credits',
    ownerUserId: userId,
  }),
  /** Prize money held for a contest until it is paid out or refunded. */
  contestEscrow: (contestId: string, asset: Asset = 'NGN'): AccountSpec => ({
    code: `escrow:contest:${contestId}:${asset}`,
    asset,
    kind: 'contest_escrow',
  }),
  /** Fees the platform has earned. */
  platformRevenue: (asset: Asset): AccountSpec => ({ code: `platform:revenue:${asset}`, asset, kind: 'platform_revenue' }),
  /**
   * Paid-vote revenue, spread over VOTE_REVENUE_SHARDS accounts chosen by voter: every posting locks
   * the accounts it moves, and one revenue row would make all paid votes on the platform queue
   * behind each other. Platform revenue is the sum over kind 'platform_revenue'. A refund reverses
   * the shard the vote actually credited (see postedAccount), never a recomputed one.
   */
  voteRevenue: (voterId: string): AccountSpec => ({
    code: `platform:revenue:CREDIT:votes:${shardOf(voterId, VOTE_REVENUE_SHARDS)}`,
    asset: 'CREDIT',
    kind: 'platform_revenue',
  }),
  /** Credits the platform gives away (referral bonuses, promotions): the source of issued credits. */
  promotions: (): AccountSpec => ({ code: 'platform:promotions:CREDIT', asset: 'CREDIT', kind: 'promotions', allowNegative: true }),
  /** Credits sold for naira: the source of purchased credits. */
  creditIssuance: (): AccountSpec => ({
    code: 'platform:credit-issuance:CREDIT',
    asset: 'CREDIT',
    kind: 'credit_issuance',
    allowNegative: true,
  }),
  /**
   * Naira the demo seed put into demo wallets: not money that came through a gateway, so the
   * reconciliation never mistakes it for an unverified card payment.
   */
  demoFunding: (): AccountSpec => ({ code: 'demo:funding:NGN', asset: 'NGN', kind: 'demo_funding', allowNegative: true }),
  /** Naira that entered or left through a payment gateway (card deposits, bank payouts). */
  gateway: (gateway: string): AccountSpec => ({ code: `external:${gateway}:NGN`, asset: 'NGN', kind: 'gateway', allowNegative: true }),
} as const;
