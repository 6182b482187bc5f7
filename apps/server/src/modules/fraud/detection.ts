/**
 * Fraud detection (issue 15 item 6; ADR 030): a job every 15 minutes while contests vote and
 * once more after they close (contests whose voting ended in the last CLOSE_SCAN_MS), and on demand.
 *
 * 1. Lockstep groups (CopyCatch, Beutel et al. WWW 2013, simplified): for each voter u with at least
 *    LOCKSTEP_MIN_ENTRIES entries voted, the voters who voted at least that many of the same entries
 *    each within LOCKSTEP_WINDOW_MS of u's vote on it; u and they form a group when they are at least
 *    LOCKSTEP_MIN_VOTERS. Groups found from different seeds that share voters are merged. Organic
 *    voters choose different entries at different times, so they rarely line up on several entries
 *    within minutes; a ring told "vote A, B, C now" does.
 * 2. Bursts from one address: BURST_MIN_ACCOUNTS accounts or more voting from one public address
 *    within BURST_WINDOW_MS (private addresses are never compared: they are ours or a proxy's).
 * 3. Shared cards and devices: accounts linked by a card that funded their credits (the gateway's
 *    card signature, account_fingerprints) or by a device id they voted from (votes.device_id) form
 *    connected components (union-find); a component of SHARED_MIN_ACCOUNTS or more is a finding.
 *
 * Each finding is stored with its evidence (fraud_findings, one row per group). The counted votes of
 * a lockstep group's members in that contest, the counted paid votes of an address burst, and those
 * of a card component of CARD_HOLD_ACCOUNTS or more accounts, are moved to held (votes/review-vote.ts `holdVotes`) while the
 * contest is not finalized: they wait for a moderator like any held vote. A shared device alone is a
 * weak signal (a family's tablet): it is reported, never held.
 */
import { createHash } from 'node:crypto';
import type { FraudFindingKind, VoteRiskReason } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { holdVotes } from '../votes/review-vote.js';
import { HOLD_THRESHOLD } from '../votes/vote-risk.js';
import * as repo from './fraud.repository.js';

export const DETECTION_INTERVAL_MS = 15 * 60_000;
/** A contest closed this recently gets one more scan (its closing run). */
export const CLOSE_SCAN_MS = 30 * 60_000;
export const LOCKSTEP_MIN_VOTERS = 5;
export const LOCKSTEP_MIN_ENTRIES = 3;
export const LOCKSTEP_WINDOW_MS = 10 * 60_000;
export const SHARED_MIN_ACCOUNTS = 3;
/** A card that funded this many accounts in a contest has their paid votes held (vote-risk.ts CARD_SHARED_WIDELY). */
export const CARD_HOLD_ACCOUNTS = 8;
/** This many accounts voting from one public address within BURST_WINDOW_MS is a burst. */
export const BURST_MIN_ACCOUNTS = 8;
export const BURST_WINDOW_MS = 10 * 60_000;

interface Edge {
  id: string;
  voter: string;
  entry: string;
  at: number;
  paid: boolean;
  device: string | null;
  /** The client address when it is a public one (private addresses say nothing). */
  ip: string | null;
  active: boolean;
}

/** Union-find over string ids. */
class Components {
  #parent = new Map<string, string>();
  find(x: string): string {
    let p = this.#parent.get(x) ?? x;
    if (p !== x) {
      p = this.find(p);
      this.#parent.set(x, p);
    }
    return p;
  }
  union(a: string, b: string): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra !== rb) this.#parent.set(ra, rb);
  }
  groups(ids: Iterable<string>): string[][] {
    const out = new Map<string, string[]>();
    for (const id of ids) {
      const r = this.find(id);
      out.set(r, [...(out.get(r) ?? []), id]);
    }
    return [...out.values()];
  }
}

export interface LockstepGroup {
  voters: string[];
  entries: string[];
  /** First and last vote time of the group on its entries. */
  from: number;
  to: number;
}

/** The lockstep groups among a contest's votes (pure: the job and the tests call it). */
export function lockstepGroups(
  edges: Array<Pick<Edge, 'voter' | 'entry' | 'at'>>,
  opts = { minVoters: LOCKSTEP_MIN_VOTERS, minEntries: LOCKSTEP_MIN_ENTRIES, windowMs: LOCKSTEP_WINDOW_MS },
): LockstepGroup[] {
  // First vote time per voter per entry, and each entry's voters sorted by that time.
  const first = new Map<string, Map<string, number>>();
  for (const e of edges) {
    const m = first.get(e.voter) ?? new Map<string, number>();
    if (!m.has(e.entry) || m.get(e.entry)! > e.at) m.set(e.entry, e.at);
    first.set(e.voter, m);
  }
  const byEntry = new Map<string, Array<{ voter: string; at: number }>>();
  for (const [voter, m] of first) for (const [entry, at] of m) byEntry.set(entry, [...(byEntry.get(entry) ?? []), { voter, at }]);
  for (const list of byEntry.values()) list.sort((a, b) => a.at - b.at);

  const uf = new Components();
  const members = new Set<string>();
  for (const [u, m] of first) {
    if (m.size < opts.minEntries) continue;
    const hits = new Map<string, number>();
    for (const [entry, at] of m) {
      const list = byEntry.get(entry)!;
      // Binary search the first vote at or after at - window.
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid]!.at < at - opts.windowMs) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < list.length && list[i]!.at <= at + opts.windowMs; i++) {
        const v = list[i]!.voter;
        if (v !== u) hits.set(v, (hits.get(v) ?? 0) + 1);
      }
    }
    const partners = [...hits].filter(([, n]) => n >= opts.minEntries).map(([v]) => v);
    if (partners.length + 1 < opts.minVoters) continue;
    members.add(u);
    for (const v of partners) {
      members.add(v);
      uf.union(u, v);
    }
  }
  return uf
    .groups(members)
    .filter((g) => g.length >= opts.minVoters)
    .map((voters) => {
      const set = new Set(voters);
      // The entries most of the group voted for.
      const counts = new Map<string, number>();
      for (const v of voters) for (const entry of first.get(v)!.keys()) counts.set(entry, (counts.get(entry) ?? 0) + 1);
      const entries = [...counts].filter(([, n]) => n >= Math.ceil(set.size / 2)).map(([e]) => e);
      const times = voters.flatMap((v) => entries.map((e) => first.get(v)!.get(e)).filter((t): t is number => t !== undefined));
      return { voters: voters.sort(), entries: entries.sort(), from: Math.min(...times), to: Math.max(...times) };
    });
}

export interface AddressBurst {
  ip: string;
  voters: string[];
  voteIds: string[];
  from: number;
  to: number;
}

/**
 * Bursts from one address: the densest BURST_WINDOW_MS of votes from each public address, when it
 * holds BURST_MIN_ACCOUNTS accounts or more (pure). Carrier-grade NAT puts many real people behind one
 * address, so it takes many accounts within minutes, not a few over a day.
 */
export function addressBursts(
  edges: Array<Pick<Edge, 'id' | 'voter' | 'at' | 'ip'>>,
  opts = { minAccounts: BURST_MIN_ACCOUNTS, windowMs: BURST_WINDOW_MS },
): AddressBurst[] {
  const byIp = new Map<string, Array<Pick<Edge, 'id' | 'voter' | 'at'>>>();
  for (const e of edges) if (e.ip) byIp.set(e.ip, [...(byIp.get(e.ip) ?? []), e]);
  const out: AddressBurst[] = [];
  for (const [ip, list] of byIp) {
    list.sort((a, b) => a.at - b.at);
    let best: { lo: number; hi: number; accounts: number } | null = null;
    let lo = 0;
    for (let hi = 0; hi < list.length; hi++) {
      while (list[hi]!.at - list[lo]!.at > opts.windowMs) lo++;
      const accounts = new Set(list.slice(lo, hi + 1).map((e) => e.voter)).size;
      if (!best || accounts > best.accounts) best = { lo, hi, accounts };
    }
    if (!best || best.accounts < opts.minAccounts) continue;
    const window = list.slice(best.lo, best.hi + 1);
    out.push({
      ip,
      voters: [...new Set(window.map((e) => e.voter))].sort(),
      voteIds: window.map((e) => e.id),
      from: window[0]!.at,
      to: window[window.length - 1]!.at,
    });
  }
  return out;
}

const keyOf = (kind: string, contestId: string, voters: string[]) =>
  createHash('sha256')
    .update(`${kind}|${contestId}|${[...voters].sort().join(',')}`)
    .digest('hex');

export interface DetectionResult {
  contests: number;
  findings: number;
  held: number;
}

interface Finding {
  kind: FraudFindingKind;
  voters: string[];
  votes: Edge[];
  /** The votes to hold (counted ones only are moved) and the reason code they get. */
  hold: { ids: string[]; reason: VoteRiskReason } | null;
  evidence: Record<string, unknown>;
  entryIds?: string[];
}

/** Stores one finding and holds its votes (not once the contest is finalized), in one transaction; returns how many were held. */
async function saveFinding(ctx: AppContext, contestId: string, finalized: boolean, f: Finding, at: Date): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const n = f.hold && !finalized ? await holdVotes(tx, contestId, f.hold.ids, f.hold.reason, HOLD_THRESHOLD) : 0;
    await repo.upsertFinding(tx, {
      kind: f.kind,
      contestId,
      key: keyOf(f.kind, contestId, f.voters),
      voterIds: [...f.voters].sort(),
      entryIds: f.entryIds ?? [...new Set(f.votes.map((e) => e.entry))].sort(),
      voteCount: f.votes.length,
      heldCount: n,
      evidence: f.evidence,
      at,
    });
    return n;
  });
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The findings of one contest's votes (lockstep groups, address bursts, card and device components). */
async function findingsOf(ctx: AppContext, edges: Edge[]): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const g of lockstepGroups(edges)) {
    const inGroup = new Set(g.voters);
    const votes = edges.filter((e) => inGroup.has(e.voter));
    out.push({
      kind: 'lockstep',
      voters: g.voters,
      votes,
      entryIds: g.entries,
      hold: { ids: votes.filter((e) => e.active).map((e) => e.id), reason: 'LOCKSTEP_GROUP' },
      evidence: {
        windowMinutes: LOCKSTEP_WINDOW_MS / 60_000,
        minEntries: LOCKSTEP_MIN_ENTRIES,
        from: iso(g.from),
        to: iso(g.to),
        spanMinutes: Math.round((g.to - g.from) / 60_000),
      },
    });
  }
  for (const b of addressBursts(edges)) {
    const ids = new Set(b.voteIds);
    const votes = edges.filter((e) => ids.has(e.id));
    out.push({
      kind: 'address_burst',
      voters: b.voters,
      votes,
      hold: { ids: votes.filter((e) => e.active && e.paid).map((e) => e.id), reason: 'ADDRESS_BURST' },
      evidence: { address: b.ip, accounts: b.voters.length, windowMinutes: BURST_WINDOW_MS / 60_000, from: iso(b.from), to: iso(b.to) },
    });
  }

  // Accounts linked by a card or a device.
  const voters = [...new Set(edges.map((e) => e.voter))];
  const uf = new Components();
  const linkedBy = new Map<string, { cards: Set<string>; devices: Set<string> }>();
  const link = (accounts: string[], kind: 'cards' | 'devices', value: string) => {
    for (const u of accounts) {
      const l = linkedBy.get(u) ?? { cards: new Set(), devices: new Set() };
      l[kind].add(value.slice(0, 12));
      linkedBy.set(u, l);
    }
    for (let i = 1; i < accounts.length; i++) uf.union(accounts[0]!, accounts[i]!);
  };
  const inContest = new Set(voters);
  for (const card of await repo.sharedCards(ctx.db, voters, 2))
    link(
      card.user_ids.filter((u) => inContest.has(u)),
      'cards',
      card.digest,
    );
  const byDevice = new Map<string, Set<string>>();
  for (const e of edges) if (e.device) byDevice.set(e.device, (byDevice.get(e.device) ?? new Set()).add(e.voter));
  for (const [device, set] of byDevice) if (set.size >= 2) link([...set], 'devices', device);
  for (const group of uf.groups(linkedBy.keys())) {
    if (group.length < SHARED_MIN_ACCOUNTS) continue;
    const cards = new Set(group.flatMap((u) => [...linkedBy.get(u)!.cards]));
    const devices = new Set(group.flatMap((u) => [...linkedBy.get(u)!.devices]));
    const inGroup = new Set(group);
    const votes = edges.filter((e) => inGroup.has(e.voter));
    const byCard = cards.size > 0;
    out.push({
      kind: byCard ? 'shared_card' : 'shared_device',
      voters: group,
      votes,
      // A shared device alone is weak (a family's tablet): reported, never held.
      hold:
        byCard && group.length >= CARD_HOLD_ACCOUNTS
          ? { ids: votes.filter((e) => e.active && e.paid).map((e) => e.id), reason: 'CARD_SHARED_WIDELY' }
          : null,
      evidence: { accounts: group.length, cards: [...cards], devices: [...devices] },
    });
  }
  return out;
}

/** One contest's scan: store its findings and hold what they call for (unless finalized). */
export async function scanContest(ctx: AppContext, contestId: string): Promise<DetectionResult> {
  const at = now();
  const edges: Edge[] = (await repo.contestVoteEdges(ctx.db, contestId)).map((r) => ({
    id: r.id,
    voter: r.voter_id,
    entry: r.entry_id,
    at: new Date(r.at).getTime(),
    paid: r.vote_type === 'paid',
    device: r.device_id,
    ip: r.ip,
    active: r.active,
  }));
  if (edges.length === 0) return { contests: 1, findings: 0, held: 0 };
  const finalized = await repo.contestFinalized(ctx.db, contestId);
  const found = await findingsOf(ctx, edges);
  let held = 0;
  for (const f of found) held += await saveFinding(ctx, contestId, finalized, f, at);
  return { contests: 1, findings: found.length, held };
}

/** Scans each contest in turn; the totals. */
async function scanEach(ctx: AppContext, contests: Array<{ id: string }>): Promise<DetectionResult> {
  const total: DetectionResult = { contests: 0, findings: 0, held: 0 };
  for (const c of contests) {
    const r = await scanContest(ctx, c.id);
    total.contests += r.contests;
    total.findings += r.findings;
    total.held += r.held;
  }
  return total;
}

/** The job: every contest voting now or closed within CLOSE_SCAN_MS. */
export async function runFraudDetection(ctx: AppContext): Promise<DetectionResult> {
  return scanEach(ctx, await repo.contestsToScan(ctx.db, now(), CLOSE_SCAN_MS));
}

/**
 * The last scan before a result: every contest the lifecycle is about to finalize is scanned first
 * (the composition root runs this before each lifecycle tick), so a ring voting in the minutes
 * before the close is held before the winner is picked, not up to 15 minutes after.
 */
export async function scanClosingContests(ctx: AppContext): Promise<DetectionResult> {
  return scanEach(ctx, await repo.contestsClosing(ctx.db, now()));
}
