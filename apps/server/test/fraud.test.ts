/**
 * Security & Fraud endpoints (issue 15 item 6): held votes (list, count, void), fraud signals,
 * a contest's vote integrity, users' verification and the security log; who may call them, bad
 * input, the audit rows, the refund of a void and the voter's notification.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditsToUnits,
  type TCastResult,
  type TFraudSignals,
  type THeldVotePage,
  type TReviewedVote,
  type TSecurityLogPage,
  type TUserVerificationPage,
  type TVoteIntegrity,
} from '@contesthub/shared';
import { queryRows } from '../src/db/client.js';
import { userBalances } from '../src/modules/ledger/ledger.js';
import { setClock } from '../src/lib/clock.js';
import { runContestLifecycle } from '../src/modules/contest-settlement/finalize-contest.js';
import { BURST_MIN_ACCOUNTS, scanClosingContests } from '../src/modules/fraud/detection.js';
import { recordFingerprint } from '../src/modules/users/fingerprints.js';
import { scoreSignals, networkOf, deviceIdOf, HOLD_THRESHOLD } from '../src/modules/votes/vote-risk.js';
import { fundCredits, insertContest, insertEntry } from './engagement-fixtures.js';
import { apiCall, createSignedInUser, createTestApp, type TestApp, type TestUser, type LoginResult } from './helpers.js';

let t: TestApp;
type Signed = TestUser & LoginResult;
let moderator: Signed;
let admin: Signed;
let user: Signed;
let contestId: string;
let entryId: string;

/** A voter whose credits were funded by a card that funded 8 other accounts too (CARD_SHARED + CARD_SHARED_WIDELY = 65). */
async function cardRingVoter(card: string): Promise<Signed> {
  const voter = await createSignedInUser(t.app);
  await recordFingerprint(t.ctx.db, voter.user.id, 'card', card);
  for (let i = 0; i < 8; i++) {
    const other = await createSignedInUser(t.app);
    await recordFingerprint(t.ctx.db, other.user.id, 'card', card);
  }
  await fundCredits(t.ctx, voter.user.id, 100);
  return voter;
}

async function heldVote(card: string): Promise<{ voter: Signed; voteId: string }> {
  const voter = await cardRingVoter(card);
  const res = await apiCall<TCastResult>(t.app, 'POST', '/api/votes', voter.token, { contestId, entryId, voteType: 'paid', amount: 2 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data.held).toBe(true);
  expect(res.body.data.vote.isActive).toBe(false);
  return { voter, voteId: res.body.data.vote._id };
}

const auditRows = (targetId: string) =>
  queryRows<{ action: string; actor_id: string; reason: string | null }>(
    t.ctx.db,
    sql`select action, actor_id::text, reason from audit_log where target_type = 'vote' and target_id = ${targetId} order by id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  [moderator, admin, user] = await Promise.all([
    createSignedInUser(t.app, { role: 'moderator' }),
    createSignedInUser(t.app, { role: 'admin' }),
    createSignedInUser(t.app),
  ]);
  const organizer = await createSignedInUser(t.app);
  const artist = await createSignedInUser(t.app);
  const contest = await insertContest(t.ctx, organizer.user.id);
  contestId = contest.id;
  entryId = (await insertEntry(t.ctx, contestId, artist.user.id)).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the risk rules', () => {
  it('scores signals with the named weights and holds only past the threshold', () => {
    expect(scoreSignals({ accountAgeHours: 2, emailVerified: 1, voterVotes: 12, entryVotes: 11 })).toEqual({
      score: 50,
      reasons: ['NEW_ACCOUNT', 'VOTER_VELOCITY', 'ENTRY_VELOCITY'],
    });
    expect(scoreSignals({ accountAgeHours: 2, emailVerified: 1, voterVotes: 12, entryVotes: 11 }).score).toBeLessThan(HOLD_THRESHOLD);
    expect(scoreSignals({ cardAccounts: 9, accountAgeHours: 500 }).score).toBe(65);
    expect(scoreSignals({ networkAccounts: null, deviceAccounts: null }).score).toBe(0);
  });

  it('reads networks and device ids, ignoring private addresses and malformed ids', () => {
    expect(networkOf('41.58.12.200')).toBe('41.58.12.0/24');
    expect(networkOf('::ffff:102.89.3.4')).toBe('102.89.3.0/24');
    expect(networkOf('2c0f:f5c0:440:1a::5')).toBe('2c0f:f5c0:440::/48');
    for (const ip of ['10.0.0.1', '127.0.0.1', '192.168.1.9', '172.20.1.1', '::1', 'fd00::1', 'nonsense']) expect(networkOf(ip)).toBeNull();
    expect(deviceIdOf('abcdefghij0123456789')).toBe('abcdefghij0123456789');
    expect(deviceIdOf('short')).toBeNull();
    expect(deviceIdOf('<script>alert(1)</script>aaaaaa')).toBeNull();
    expect(deviceIdOf(undefined)).toBeNull();
  });
});

describe('who may call', () => {
  const routes: Array<[method: 'GET' | 'PUT', url: () => string, body?: unknown]> = [
    ['GET', () => '/api/admin-tools/votes/held'],
    ['PUT', () => '/api/admin-tools/votes/00000000-0000-4000-8000-000000000000/count'],
    ['PUT', () => '/api/admin-tools/votes/00000000-0000-4000-8000-000000000000/void', { reason: 'x' }],
    ['GET', () => '/api/admin-tools/fraud/signals'],
    ['GET', () => '/api/admin-tools/users/verification'],
    ['GET', () => '/api/admin-tools/security-logs'],
  ];

  it('refuses anonymous callers (401) and plain users (403)', async () => {
    for (const [method, url, body] of routes) {
      expect((await apiCall(t.app, method, url(), undefined, body)).status, url()).toBe(401);
      expect((await apiCall(t.app, method, url(), user.token, body)).status, url()).toBe(403);
    }
  });

  it('lets moderators (votes.review) and admins read', async () => {
    for (const who of [moderator, admin]) {
      for (const url of [
        '/api/admin-tools/votes/held',
        '/api/admin-tools/fraud/signals',
        '/api/admin-tools/users/verification',
        '/api/admin-tools/security-logs',
      ])
        expect((await apiCall(t.app, 'GET', url, who.token)).status, url).toBe(200);
    }
  });

  it('refuses bad input with 400', async () => {
    const bad = [
      '/api/admin-tools/votes/held?page=0',
      '/api/admin-tools/votes/held?contestId=nope',
      '/api/admin-tools/fraud/signals?contestId=nope',
      '/api/admin-tools/users/verification?state=maybe',
      '/api/admin-tools/security-logs?type=everything',
    ];
    for (const url of bad) expect((await apiCall(t.app, 'GET', url, moderator.token)).status, url).toBe(400);
    expect((await apiCall(t.app, 'PUT', '/api/admin-tools/votes/not-a-uuid/count', moderator.token)).status).toBe(400);
    const noReason = await apiCall(t.app, 'PUT', '/api/admin-tools/votes/00000000-0000-4000-8000-000000000000/void', moderator.token, {
      reason: '  ',
    });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain('Please provide a reason for voiding this vote');
  });

  it('answers 404 for an unknown vote or contest', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await apiCall(t.app, 'PUT', `/api/admin-tools/votes/${unknown}/count`, moderator.token)).status).toBe(404);
    expect((await apiCall(t.app, 'PUT', `/api/admin-tools/votes/${unknown}/void`, moderator.token, { reason: 'x' })).status).toBe(404);
    expect((await apiCall(t.app, 'GET', `/api/contests/${unknown}/vote-integrity`)).status).toBe(404);
  });
});

describe('held votes', () => {
  it('records a risky paid vote as held: spent, not counted, listed with its signals, counted in the integrity figures', async () => {
    const before = await apiCall<TVoteIntegrity>(t.app, 'GET', `/api/contests/${contestId}/vote-integrity`);
    const { voter, voteId } = await heldVote('5078 0000 1111 2222');
    expect((await userBalances(t.ctx.db, voter.user.id)).creditUnits).toBe(creditsToUnits(100) - 2 * 1000);
    const [entry] = await queryRows<{ votes_count: number }>(t.ctx.db, sql`select votes_count from entries where id = ${entryId}::uuid`);
    expect(entry!.votes_count).toBe(0);

    const page = await apiCall<THeldVotePage>(t.app, 'GET', `/api/admin-tools/votes/held?contestId=${contestId}`, moderator.token);
    const listed = page.body.data.votes.find((v) => v._id === voteId)!;
    expect(listed).toMatchObject({ voteType: 'paid', amount: 2, reviewState: 'held', voter: { _id: voter.user.id } });
    expect(listed.riskScore).toBeGreaterThanOrEqual(HOLD_THRESHOLD);
    expect(listed.riskReasons).toEqual(expect.arrayContaining(['CARD_SHARED', 'CARD_SHARED_WIDELY']));
    expect(listed.signals.values.cardAccounts).toBe(9);
    expect(page.body.data.pagination.limit).toBe(10);

    const after = await apiCall<TVoteIntegrity>(t.app, 'GET', `/api/contests/${contestId}/vote-integrity`);
    expect(after.status).toBe(200);
    expect(after.body.data.held.votes).toBe(before.body.data.held.votes + 1);
    expect(after.body.data.reasons.find((r) => r.code === 'CARD_SHARED_WIDELY')?.held).toBeGreaterThanOrEqual(1);

    // The voting monitor (Contest Management) flags the contest's held votes.
    const monitor = await apiCall<{ contests: Array<{ contestId: string; flags: Array<{ code: string; message: string }> }> }>(
      t.app,
      'GET',
      '/api/admin-tools/contests/voting-monitor',
      admin.token,
    );
    expect(monitor.status).toBe(200);
    const row = monitor.body.data.contests.find((c) => c.contestId === contestId);
    expect(row?.flags).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'held_votes', message: expect.stringMatching(/held for review$/) })]),
    );
  });

  it('counts a held vote once, with its audit row', async () => {
    const { voteId } = await heldVote('5078 0000 3333 4444');
    const counted = await apiCall<TReviewedVote>(t.app, 'PUT', `/api/admin-tools/votes/${voteId}/count`, moderator.token);
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(counted.body.message).toBe('Vote counted');
    expect(counted.body.data).toMatchObject({ _id: voteId, reviewState: 'counted', entry: { votesCount: 2, weightedVotes: 10 } });
    const again = await apiCall(t.app, 'PUT', `/api/admin-tools/votes/${voteId}/count`, moderator.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This vote is not held for review');
    expect(await auditRows(voteId)).toEqual([{ action: 'vote.count', actor_id: moderator.user.id, reason: null }]);
    const [entry] = await queryRows<{ votes_count: number }>(t.ctx.db, sql`select votes_count from entries where id = ${entryId}::uuid`);
    expect(entry!.votes_count).toBe(2);
  });

  it('voids a held vote: credits back once, audit row with the reason, the voter notified', async () => {
    const { voter, voteId } = await heldVote('5078 0000 5555 6666');
    const spent = (await userBalances(t.ctx.db, voter.user.id)).creditUnits;
    const voided = await apiCall<TReviewedVote>(t.app, 'PUT', `/api/admin-tools/votes/${voteId}/void`, admin.token, {
      reason: 'Card shared across nine accounts',
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.data).toMatchObject({ reviewState: 'voided', creditsRefunded: 20 });
    expect((await userBalances(t.ctx.db, voter.user.id)).creditUnits).toBe(spent + 2000);
    expect((await apiCall(t.app, 'PUT', `/api/admin-tools/votes/${voteId}/void`, admin.token, { reason: 'again' })).status).toBe(409);
    expect((await apiCall(t.app, 'PUT', `/api/admin-tools/votes/${voteId}/count`, admin.token)).status).toBe(409);
    expect((await userBalances(t.ctx.db, voter.user.id)).creditUnits).toBe(spent + 2000);
    expect(await auditRows(voteId)).toEqual([{ action: 'vote.void', actor_id: admin.user.id, reason: 'Card shared across nine accounts' }]);

    await t.ctx.events.drain({ settleMs: 10_000 });
    const notes = await queryRows<{ type: string; message: string }>(
      t.ctx.db,
      sql`select type, message from notifications where user_id = ${voter.user.id}::uuid and type = 'vote_voided'`,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain('Card shared across nine accounts');
    expect(notes[0]!.message).toContain('20 vote credits were returned');

    const signals = await apiCall<TFraudSignals>(t.app, 'GET', '/api/admin-tools/fraud/signals', moderator.token);
    expect(signals.body.data.voided).toBeGreaterThanOrEqual(1);
    expect(signals.body.data.riskDistribution).toHaveLength(5);
    expect(signals.body.data.topRiskyVoters.some((v) => v._id === voter.user.id)).toBe(true);
  });

  it('refunds held votes when the contest is cancelled, and marks them void', async () => {
    const organizer = await createSignedInUser(t.app);
    const artist = await createSignedInUser(t.app);
    const c = await insertContest(t.ctx, organizer.user.id);
    const e = await insertEntry(t.ctx, c.id, artist.user.id);
    const voter = await cardRingVoter('5078 0000 7777 8888');
    const res = await apiCall<TCastResult>(t.app, 'POST', '/api/votes', voter.token, {
      contestId: c.id,
      entryId: e.id,
      voteType: 'paid',
      amount: 1,
    });
    expect(res.body.data.held).toBe(true);
    const { voidContestVotes } = await import('../src/modules/votes/refund-vote.js');
    await t.ctx.db.transaction((tx) => voidContestVotes(tx, { id: c.id, title: c.title }));
    expect((await userBalances(t.ctx.db, voter.user.id)).creditUnits).toBe(creditsToUnits(100));
    const [row] = await queryRows<{ review_state: string }>(
      t.ctx.db,
      sql`select review_state from votes where id = ${res.body.data.vote._id}::uuid`,
    );
    expect(row!.review_state).toBe('voided');
  });
});

describe('user verification and security logs', () => {
  it("lists users' verification states, searchable and filtered", async () => {
    const res = await apiCall<TUserVerificationPage>(
      t.app,
      'GET',
      `/api/admin-tools/users/verification?search=${encodeURIComponent(user.email)}`,
      moderator.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.users).toEqual([
      expect.objectContaining({ _id: user.user.id, emailVerified: true, bankAccountVerified: false, twoFactorEnabled: false }),
    ]);
    const unverified = await apiCall<TUserVerificationPage>(
      t.app,
      'GET',
      '/api/admin-tools/users/verification?state=unverified',
      moderator.token,
    );
    expect(unverified.body.data.users.every((u) => !u.emailVerified)).toBe(true);
    expect(unverified.body.data.pagination.limit).toBe(10);
  });

  it('shows logins, failed logins, the lockout and staff actions, newest first, filtered by type', async () => {
    const victim = await createSignedInUser(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: victim.email, password: 'Wrong-password-1' },
        remoteAddress: '41.58.1.9',
      });
      expect([401, 423]).toContain(res.statusCode);
    }
    const failed = await apiCall<TSecurityLogPage>(
      t.app,
      'GET',
      '/api/admin-tools/security-logs?type=login_failed&limit=50',
      moderator.token,
    );
    expect(failed.body.data.entries.filter((e) => e.user?._id === victim.user.id)).toHaveLength(4);
    expect(failed.body.data.entries[0]).toMatchObject({ type: 'login_failed', ip: '41.58.1.9' });
    const lockouts = await apiCall<TSecurityLogPage>(t.app, 'GET', '/api/admin-tools/security-logs?type=lockout', moderator.token);
    expect(lockouts.body.data.entries.filter((e) => e.user?._id === victim.user.id)).toHaveLength(1);
    const logins = await apiCall<TSecurityLogPage>(t.app, 'GET', '/api/admin-tools/security-logs?type=login&limit=50', moderator.token);
    expect(logins.body.data.entries.some((e) => e.user?._id === victim.user.id && e.summary.startsWith('Signed in'))).toBe(true);
    const staff = await apiCall<TSecurityLogPage>(t.app, 'GET', '/api/admin-tools/security-logs?type=staff_action', moderator.token);
    expect(staff.body.data.entries.some((e) => e.summary.startsWith('vote.void vote'))).toBe(true);
    const all = await apiCall<TSecurityLogPage>(t.app, 'GET', '/api/admin-tools/security-logs', moderator.token);
    expect(all.body.data.entries).toHaveLength(10);
    const times = all.body.data.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('the last scan before a result', () => {
  it('holds a burst from one address in a contest about to close, before the lifecycle finalizes it', async () => {
    const organizer = await createSignedInUser(t.app);
    const artist = await createSignedInUser(t.app);
    const closing = await insertContest(t.ctx, organizer.user.id);
    const target = (await insertEntry(t.ctx, closing.id, artist.user.id)).id;
    const voters = await Promise.all(Array.from({ length: BURST_MIN_ACCOUNTS }, () => createSignedInUser(t.app)));
    for (const v of voters) {
      await fundCredits(t.ctx, v.user.id, 20);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/votes',
        remoteAddress: '203.0.113.77',
        headers: { authorization: `Bearer ${v.token}` },
        payload: { contestId: closing.id, entryId: target, voteType: 'paid', amount: 1 },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.vote.isActive).toBe(true); // each vote alone looks ordinary: counted
    }
    try {
      // Voting is over; the lifecycle has not finalized it yet.
      setClock(new Date(closing.votingEndDate.getTime() + 60_000));
      const scanned = await scanClosingContests(t.ctx);
      expect(scanned.held).toBeGreaterThanOrEqual(BURST_MIN_ACCOUNTS);
      const integrity = await apiCall<TVoteIntegrity>(t.app, 'GET', `/api/contests/${closing.id}/vote-integrity`);
      expect(integrity.body.data.held.votes).toBe(BURST_MIN_ACCOUNTS);
      expect(integrity.body.data.counted.votes).toBe(0);
      await runContestLifecycle(t.ctx);
      const [row] = await queryRows<{ finalized: boolean; votes: number }>(
        t.ctx.db,
        sql`select c.finalized_at is not null as finalized, e.votes_count as votes from contests c join entries e on e.contest_id = c.id where c.id = ${closing.id}::uuid`,
      );
      expect(row).toEqual({ finalized: true, votes: 0 });
    } finally {
      setClock(null);
    }
  });
});
