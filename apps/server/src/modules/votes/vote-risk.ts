/**
 * The vote risk rules, in one place (ADR 030; issue 15 item 6). Every vote gets a 0–100 score
 * and the reason codes (VOTE_RISK_REASONS, packages/shared) of the rules it tripped, stored on the
 * vote. A vote (free or paid) scoring HOLD_THRESHOLD or more is recorded as HELD: not in the entry's
 * or contest's totals, not lost (paid credits stay spent and are refunded if a moderator voids it).
 *
 * The score is computed inside the vote's one database call (cast_vote, migration
 * `vote_risk`): the function measures the signals below with indexed look-ups and adds the weight
 * of every rule whose signal passes its threshold. The rules travel as one jsonb argument built
 * here, so the weights and thresholds are only ever written in this file.
 *
 * Signals (the function's names):
 * - accountAgeHours: hours since the voter's account was created;
 * - emailVerified: 1 or 0;
 * - voterVotes: the voter's votes (any contest) in the last VOTER_WINDOW_S seconds;
 * - entryVotes: votes on the entry in the last ENTRY_WINDOW_S seconds;
 * - networkAccounts: OTHER voters in this contest from the same network (/24 IPv4, /48 IPv6) in the
 *   last NETWORK_ACCOUNTS_WINDOW_S seconds (null for private or unknown addresses: no signal);
 * - networkVotes: votes from the same network in the last NETWORK_BURST_WINDOW_S seconds;
 * - deviceAccounts: OTHER voters in this contest with the same first-party device id (the web keeps a
 *   random id in localStorage; a weak signal: clearing storage resets it, so it only ever adds);
 * - cardAccounts (paid votes): the most accounts any card that funded this voter's credits has
 *   funded (account_fingerprints, from Paystack's authorization.signature), this voter included.
 *
 * To keep a vote cheap on a hot entry, the velocity counts stop at their rule's highest threshold
 * (a stored 10 means "10 or more") and the distinct-account counts read at most SCAN_LIMIT rows.
 */
import type { VoteRiskReason } from '@contesthub/shared';

/** A vote scoring this much or more is held for review. */
export const HOLD_THRESHOLD = 60;

export const VOTER_WINDOW_S = 60;
export const ENTRY_WINDOW_S = 300;
export const NETWORK_ACCOUNTS_WINDOW_S = 3600;
export const NETWORK_BURST_WINDOW_S = 60;

export type RiskSignal =
  | 'accountAgeHours'
  | 'emailVerified'
  | 'voterVotes'
  | 'entryVotes'
  | 'networkAccounts'
  | 'networkVotes'
  | 'deviceAccounts'
  | 'cardAccounts';

export interface RiskRule {
  code: VoteRiskReason;
  signal: RiskSignal;
  /** 'gte': signal ≥ threshold trips the rule; 'lt': signal < threshold does. */
  op: 'gte' | 'lt';
  threshold: number;
  weight: number;
}

/**
 * The rules. No single weak signal reaches the threshold alone except a card that funded many
 * accounts (a bought-votes pattern on its own); a brand-new account voting fast (what every test
 * and every keen new fan does) stays below it: 15 + 20 + 15 = 50.
 */
export const RISK_RULES: readonly RiskRule[] = [
  { code: 'NEW_ACCOUNT', signal: 'accountAgeHours', op: 'lt', threshold: 24, weight: 15 },
  { code: 'EMAIL_UNVERIFIED', signal: 'emailVerified', op: 'lt', threshold: 1, weight: 20 },
  { code: 'VOTER_VELOCITY', signal: 'voterVotes', op: 'gte', threshold: 10, weight: 20 },
  { code: 'ENTRY_VELOCITY', signal: 'entryVotes', op: 'gte', threshold: 10, weight: 15 },
  /** Five or more accounts on one network within the hour (this one and 4 others). */
  { code: 'NETWORK_SHARED', signal: 'networkAccounts', op: 'gte', threshold: 4, weight: 30 },
  { code: 'NETWORK_BURST', signal: 'networkVotes', op: 'gte', threshold: 8, weight: 20 },
  { code: 'DEVICE_SHARED', signal: 'deviceAccounts', op: 'gte', threshold: 1, weight: 25 },
  { code: 'CARD_SHARED', signal: 'cardAccounts', op: 'gte', threshold: 3, weight: 40 },
  { code: 'CARD_SHARED_WIDELY', signal: 'cardAccounts', op: 'gte', threshold: 8, weight: 25 },
];

/** Rows a distinct-accounts signal reads at most (the newest first): bounds a vote's cost on a crowded network. */
export const SCAN_LIMIT = 200;

/** The highest threshold of the rules on each signal: its count stops there (cast_vote's `caps`). */
function capsOf(rules: readonly RiskRule[]): Record<string, number> {
  const caps: Record<string, number> = {};
  for (const r of rules) caps[r.signal] = Math.max(caps[r.signal] ?? 1, r.threshold);
  return caps;
}

/** What cast_vote's `p_risk` argument carries. */
export function riskConfig() {
  return {
    holdThreshold: HOLD_THRESHOLD,
    scanLimit: SCAN_LIMIT,
    caps: capsOf(RISK_RULES),
    voterWindowS: VOTER_WINDOW_S,
    entryWindowS: ENTRY_WINDOW_S,
    networkAccountsWindowS: NETWORK_ACCOUNTS_WINDOW_S,
    networkBurstWindowS: NETWORK_BURST_WINDOW_S,
    rules: RISK_RULES,
  };
}

/** The same rules in TypeScript (tests and the ADR's examples): the score and codes of a set of signals. */
export function scoreSignals(signals: Partial<Record<RiskSignal, number | null>>): { score: number; reasons: VoteRiskReason[] } {
  let score = 0;
  const reasons: VoteRiskReason[] = [];
  for (const r of RISK_RULES) {
    const v = signals[r.signal];
    if (v === null || v === undefined) continue;
    if (r.op === 'gte' ? v >= r.threshold : v < r.threshold) {
      score += r.weight;
      reasons.push(r.code);
    }
  }
  return { score: Math.min(100, score), reasons };
}

// ---------- the request's signals ----------

const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The X-Device-Id header when well formed (16–64 of A–Z a–z 0–9 _ -), else null. */
export function deviceIdOf(header: unknown): string | null {
  return typeof header === 'string' && DEVICE_ID.test(header) ? header : null;
}

/**
 * The network an address belongs to: IPv4 /24 ('41.58.12.0/24'), IPv6 /48. Null for private,
 * loopback, link-local and unparseable addresses: they say nothing about who is voting (a test's or
 * a proxy's own address), so they add no risk.
 */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v4);
  if (m) {
    const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if ([a, b, c, Number(m[4])].some((n) => n > 255)) return null;
    if (a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254))
      return null;
    return `${a}.${b}.${c}.0/24`;
  }
  if (!ip.includes(':')) return null;
  const lower = ip.toLowerCase();
  if (lower === '::1' || lower.startsWith('fe80') || lower.startsWith('fc') || lower.startsWith('fd')) return null;
  const [head] = lower.split('::');
  const groups = (head ?? '').split(':').filter(Boolean);
  while (groups.length < 3) groups.push('0');
  return `${groups.slice(0, 3).join(':')}::/48`;
}

export interface VoteClient {
  ip: string | null;
  deviceId: string | null;
  userAgent: string | null;
}
