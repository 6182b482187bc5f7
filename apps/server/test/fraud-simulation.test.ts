/**
 * The seeded fraud simulation (issue 15 item 6; ADR 030), on PGlite and on PostgreSQL.
 *
 * One paid-and-free contest over 150 minutes of voting, through the real API:
 * - organic traffic: 150 ordinary voters (accounts 2–400 days old, a few under a day), two to a
 *   network (carrier NAT), each with their own device (a third send none) and card (some families
 *   share a card between two accounts), 1–3 votes each at random times, free and paid;
 * - a lockstep ring: 15 sock-puppet accounts created hours ago, on two proxy networks, each with its
 *   own card and device, voting the same four entries within minutes of each other, entry by entry;
 * - one card funding 20 accounts (days old, each on its own network and device), paid votes for one
 *   entry spread over an hour;
 * - a burst from one address: 12 accounts voting one entry within two minutes, no device id.
 * The detection job runs every 15 simulated minutes, as it would. Then the held votes are reviewed:
 * one counted (the totals take it once), one voided (its credits come back once), the books clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsToUnits, type TCastResult, type THeldVotePage, type TReviewedVote, type TVoteIntegrity } from '@contesthub/shared';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { contests, entries, votes } from '../src/db/schema/index.js';
import { now, setClock } from '../src/lib/clock.js';
import { runFraudDetection } from '../src/modules/fraud/detection.js';
import { checkLedgerIntegrity, userBalances } from '../src/modules/ledger/ledger.js';
import { runReconciliation } from '../src/modules/reconciliation/reconciliation.service.js';
import { insertContest, insertEntry, MINUTE, HOUR, DAY } from './engagement-fixtures.js';
import { buyCreditsWithCard, callAs, deviceId, insertAccounts, seeded, testCard, type From, type SimAccount } from './fraud-fixtures.js';
import { apiCall, createSignedInUser, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const rand = seeded(20261126);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

type Group = 'organic' | 'ring' | 'card' | 'burst';
interface PlannedVote {
  at: number;
  group: Group;
  who: SimAccount;
  from: From;
  entryId: string;
  voteType: 'free' | 'paid';
  amount: number;
}
interface CastVote extends PlannedVote {
  voteId: string;
  heldAtCast: boolean;
}

const cast: CastVote[] = [];
let contestId = '';
let entryIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  setClock(new Date('2026-11-20T12:00:00Z'));
  const start = now().getTime();
  const [organizer] = await insertAccounts(t.ctx, 1, () => 300 * DAY, 'organizer');
  const contest = await insertContest(t.ctx, organizer!.id, {
    votingStartDate: new Date(start - MINUTE),
    votingEndDate: new Date(start + 3 * HOUR),
    votingFeeAmount: creditsToUnits(1),
    freeVotesPerUser: 3,
  });
  contestId = contest.id;
  const participants = await insertAccounts(t.ctx, 8, () => 200 * DAY, 'artist');
  entryIds = [];
  for (const p of participants) entryIds.push((await insertEntry(t.ctx, contestId, p.id)).id);

  const plan: PlannedVote[] = [];
  const span = 150 * MINUTE;

  // Organic: two voters per network, their own devices (a third none) and cards (a few families share one between two).
  const organic = await insertAccounts(t.ctx, 150, (i) => (i % 20 === 0 ? (2 + rand() * 18) * HOUR : (2 + rand() * 398) * DAY), 'organic');
  for (const [i, who] of organic.entries()) {
    const from: From = { ip: `102.${80 + (i >> 8)}.${(i >> 1) & 255}.${10 + (i % 2)}`, deviceId: i % 3 === 0 ? null : deviceId(rand) };
    const card = i % 10 === 1 ? testCard(100_000 + i - 1) : testCard(100_000 + i);
    await buyCreditsWithCard(t.app, who, from, card);
    const count = 1 + Math.floor(rand() * 3);
    const chosen = new Set<string>();
    while (chosen.size < count) chosen.add(pick(entryIds));
    for (const entryId of chosen) {
      const paid = rand() < 0.6;
      plan.push({
        at: start + rand() * span,
        group: 'organic',
        who,
        from,
        entryId,
        voteType: paid ? 'paid' : 'free',
        amount: paid ? 1 + Math.floor(rand() * 5) : 1,
      });
    }
  }

  // The lockstep ring: hours-old accounts on two proxy networks, four entries one after the other.
  const ring = await insertAccounts(t.ctx, 15, () => (1 + rand() * 2) * HOUR, 'ring');
  const ringFrom = ring.map((_, i): From => ({ ip: `185.220.${100 + (i % 2)}.${20 + i}`, deviceId: deviceId(rand) }));
  for (const [i, who] of ring.entries()) await buyCreditsWithCard(t.app, who, ringFrom[i]!, testCard(500_000 + i));
  const ringEntries = entryIds.slice(0, 4);
  for (const [k, entryId] of ringEntries.entries()) {
    const wave = start + 60 * MINUTE + k * 6 * MINUTE;
    for (const [i, who] of ring.entries())
      plan.push({ at: wave + rand() * 3 * MINUTE, group: 'ring', who, from: ringFrom[i]!, entryId, voteType: 'paid', amount: 3 });
  }

  // One card, twenty accounts, one entry.
  const carded = await insertAccounts(t.ctx, 20, () => (2 + rand() * 8) * DAY, 'card');
  const cardFrom = carded.map((_, i): From => ({ ip: `105.112.${30 + i}.${40 + i}`, deviceId: deviceId(rand) }));
  for (const [i, who] of carded.entries()) await buyCreditsWithCard(t.app, who, cardFrom[i]!, testCard(777_777));
  for (const [i, who] of carded.entries())
    for (let v = 0; v < 2; v++)
      plan.push({
        at: start + 30 * MINUTE + rand() * HOUR,
        group: 'card',
        who,
        from: cardFrom[i]!,
        entryId: entryIds[5]!,
        voteType: 'paid',
        amount: 5,
      });

  // A burst from one address.
  const burst = await insertAccounts(t.ctx, 12, () => (5 + rand() * 25) * DAY, 'burst');
  const burstFrom: From = { ip: '197.210.5.77', userAgent: 'python-requests/2.31' };
  for (const [i, who] of burst.entries()) await buyCreditsWithCard(t.app, who, burstFrom, testCard(900_000 + i));
  for (const who of burst)
    plan.push({
      at: start + 100 * MINUTE + rand() * 2 * MINUTE,
      group: 'burst',
      who,
      from: burstFrom,
      entryId: entryIds[6]!,
      voteType: 'paid',
      amount: 2,
    });

  // Play it in time order; the detection job runs every 15 minutes as it would.
  plan.sort((a, b) => a.at - b.at);
  let nextScan = start + 15 * MINUTE;
  for (const p of plan) {
    while (p.at >= nextScan) {
      setClock(new Date(nextScan));
      await runFraudDetection(t.ctx);
      nextScan += 15 * MINUTE;
    }
    setClock(new Date(p.at));
    const res = await callAs<TCastResult>(t.app, p.who, p.from, 'POST', '/api/votes', {
      contestId,
      entryId: p.entryId,
      voteType: p.voteType,
      amount: p.amount,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    cast.push({ ...p, voteId: res.body.data.vote._id, heldAtCast: res.body.data.held === true });
  }
  setClock(new Date(nextScan));
  await runFraudDetection(t.ctx);
}, 600_000);

afterAll(async () => {
  setClock(null);
  await t?.close();
});

async function states(): Promise<Map<string, string | null>> {
  const rows = await t.ctx.db.select({ id: votes.id, state: votes.reviewState }).from(votes).where(eq(votes.contestId, contestId));
  return new Map(rows.map((r) => [r.id, r.state]));
}

const share = (part: number, whole: number) => Math.round((part / Math.max(1, whole)) * 1000) / 10;

describe('the seeded simulation', () => {
  it('holds the ring and the shared card, and leaves ordinary votes alone', async () => {
    const state = await states();
    const paid = (g: Group) => cast.filter((c) => c.group === g && c.voteType === 'paid');
    const heldNow = (list: CastVote[]) => list.filter((c) => state.get(c.voteId) === 'held').length;
    const measured = Object.fromEntries(
      (['ring', 'card', 'burst', 'organic'] as const).map((g) => {
        const list = g === 'organic' ? cast.filter((c) => c.group === g) : paid(g);
        return [
          g,
          {
            votes: list.length,
            heldAtCast: share(list.filter((c) => c.heldAtCast).length, list.length),
            heldAfterDetection: share(heldNow(list), list.length),
          },
        ];
      }),
    );
    // The figures the ADR and the report quote.
    console.log('fraud simulation (% of votes held)', JSON.stringify(measured));

    expect(measured.ring!.heldAfterDetection).toBeGreaterThanOrEqual(95);
    expect(measured.card!.heldAfterDetection).toBeGreaterThanOrEqual(95);
    expect(measured.burst!.heldAfterDetection).toBeGreaterThanOrEqual(95);
    expect(measured.organic!.heldAfterDetection).toBeLessThan(1);
    expect(measured.organic!.votes).toBeGreaterThan(250);
  });

  it("keeps held votes out of the entries' and contest's totals, and shows them as counts", async () => {
    await t.ctx.events.drain({ settleMs: 10_000 });
    const [c] = await t.ctx.db.select().from(contests).where(eq(contests.id, contestId));
    const [counted] = await queryRows<{ w: number; n: number }>(
      t.ctx.db,
      sql`select coalesce(sum(weighted_total), 0)::int as w, count(distinct voter_id)::int as n from votes where contest_id = ${contestId}::uuid and is_active`,
    );
    expect(c!.totalVotes).toBe(counted!.w);
    for (const entryId of entryIds) {
      const [e] = await t.ctx.db.select().from(entries).where(eq(entries.id, entryId));
      const [sum] = await queryRows<{ w: number }>(
        t.ctx.db,
        sql`select coalesce(sum(weighted_total), 0)::int as w from votes where entry_id = ${entryId}::uuid and is_active`,
      );
      expect(e!.weightedVotes).toBe(sum!.w);
    }
    const integrity = await apiCall<TVoteIntegrity>(t.app, 'GET', `/api/contests/${contestId}/vote-integrity`);
    expect(integrity.status).toBe(200);
    const heldRows = [...(await states()).values()].filter((s) => s === 'held').length;
    expect(integrity.body.data.held.votes).toBe(heldRows);
    expect(integrity.body.data.counted.weighted).toBe(counted!.w);
    expect(integrity.body.data.flaggedGroups).toBeGreaterThanOrEqual(3);
    expect(integrity.body.data.reasons.map((r) => r.code)).toEqual(
      expect.arrayContaining(['CARD_SHARED_WIDELY', 'LOCKSTEP_GROUP', 'ADDRESS_BURST']),
    );
  });

  it('counts a held vote into the totals once, and voids another with its credits refunded once', async () => {
    const moderator = await createSignedInUser(t.app, { role: 'moderator' });
    const page = await apiCall<THeldVotePage>(t.app, 'GET', `/api/admin-tools/votes/held?contestId=${contestId}`, moderator.token);
    expect(page.status).toBe(200);
    expect(page.body.data.votes).toHaveLength(10);
    const [first, second] = page.body.data.votes;

    // Count: the entry's counters and (after the subscriber) the contest's total rise by its weight, once.
    const [entryBefore] = await t.ctx.db.select().from(entries).where(eq(entries.id, first!.entry._id));
    const counted = await apiCall<TReviewedVote>(t.app, 'PUT', `/api/admin-tools/votes/${first!._id}/count`, moderator.token);
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(counted.body.data.entry.weightedVotes).toBe(entryBefore!.weightedVotes + first!.weightedTotal);
    expect((await apiCall(t.app, 'PUT', `/api/admin-tools/votes/${first!._id}/count`, moderator.token)).status).toBe(409);
    const [entryAfter] = await t.ctx.db.select().from(entries).where(eq(entries.id, first!.entry._id));
    expect(entryAfter!.weightedVotes).toBe(entryBefore!.weightedVotes + first!.weightedTotal);

    // Void: the credits come back once.
    const credits = async (userId: string) => (await userBalances(t.ctx.db, userId)).creditUnits;
    const before = await credits(second!.voter._id);
    const voided = await apiCall<TReviewedVote>(t.app, 'PUT', `/api/admin-tools/votes/${second!._id}/void`, moderator.token, {
      reason: 'Funded by a card shared across 20 accounts',
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.data.creditsRefunded).toBe(second!.creditsSpent);
    expect(await credits(second!.voter._id)).toBe(before + creditsToUnits(second!.creditsSpent));
    expect((await apiCall(t.app, 'PUT', `/api/admin-tools/votes/${second!._id}/void`, moderator.token, { reason: 'again' })).status).toBe(
      409,
    );
    expect((await apiCall(t.app, 'PUT', `/api/admin-tools/votes/${second!._id}/count`, moderator.token)).status).toBe(409);
    expect(await credits(second!.voter._id)).toBe(before + creditsToUnits(second!.creditsSpent));

    await t.ctx.events.drain({ settleMs: 10_000 });
    const [c] = await t.ctx.db.select().from(contests).where(eq(contests.id, contestId));
    const [sum] = await queryRows<{ w: number }>(
      t.ctx.db,
      sql`select coalesce(sum(weighted_total), 0)::int as w from votes where contest_id = ${contestId}::uuid and is_active`,
    );
    expect(c!.totalVotes).toBe(sum!.w);
    const [row] = await t.ctx.db
      .select()
      .from(votes)
      .where(and(eq(votes.id, first!._id), eq(votes.isActive, true)));
    expect(row?.reviewState).toBe('counted');
  });

  it("keeps each card payment's signature, BIN, last 4 and bank, the same signature for one card across accounts", async () => {
    const rows = await queryRows<{ card_signature: string; card_bin: string; card_last4: string; card_bank: string; n: number }>(
      t.ctx.db,
      sql`select card_signature, card_bin, card_last4, card_bank, count(distinct user_id)::int as n from payments
          where card_last4 = '7777' group by 1, 2, 3, 4`,
    );
    expect(rows).toEqual([
      {
        card_signature: expect.stringMatching(/^SIG_sandbox_/),
        card_bin: '507800',
        card_last4: '7777',
        card_bank: 'Sandbox Test Bank',
        n: 20,
      },
    ]);
  });

  it('leaves the books clean', async () => {
    expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
    const report = await runReconciliation(t.ctx.db);
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('lists the lockstep ring and the shared card as flagged groups with their evidence', async () => {
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const res = await apiCall<{ findings: Array<{ kind: string; voters: unknown[]; evidence: Record<string, unknown> }>; held: number }>(
      t.app,
      'GET',
      `/api/admin-tools/fraud/signals?contestId=${contestId}`,
      admin.token,
    );
    expect(res.status).toBe(200);
    const kinds = res.body.data.findings.map((f) => f.kind);
    expect(kinds).toContain('lockstep');
    expect(kinds).toContain('shared_card');
    expect(kinds).toContain('address_burst');
    const lockstep = res.body.data.findings.find((f) => f.kind === 'lockstep')!;
    expect(lockstep.voters.length).toBeGreaterThanOrEqual(15);
    expect(lockstep.evidence.windowMinutes).toBe(10);
    const card = res.body.data.findings.find((f) => f.kind === 'shared_card')!;
    expect(card.voters).toHaveLength(20);
  });
});
