import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PHONE_MESSAGE } from '@contesthub/shared';
import { contests, entries } from '../src/db/schema/index.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { balanceOf, checkLedgerIntegrity } from '../src/modules/ledger/ledger.js';
import { bearer, createSignedInUser, createTestApp, createTestUser, login, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let phoneSeq = 0;
const phone = () => `0905${String(2_000_000 + ++phoneSeq * 104_729).slice(-7)}`;

describe('PUT /api/auth/profile', () => {
  it('updates the profile, normalises the phone and recomputes completion from the nine fields', async () => {
    const u = await createSignedInUser(t.app, { fullName: 'Bisi Ade', phone: null });
    const before = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(u.token) })).json() as {
      data: { user: { profileCompletion: number } };
    };
    expect(before.data.user.profileCompletion).toBe(22); // fullName + email of 9
    const p = phone();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(u.token),
      payload: {
        fullName: 'Bisi Adeyemi',
        phone: p,
        bio: 'Poet from Ibadan',
        dateOfBirth: '1998-04-12',
        gender: 'female',
        location: { state: 'Oyo', city: 'Ibadan' },
        preferences: { showPhone: true },
      },
    });
    expect(res.statusCode).toBe(200);
    const { user } = (res.json() as { data: { user: Record<string, unknown> } }).data;
    expect(user).toMatchObject({
      fullName: 'Bisi Adeyemi',
      phone: `+234${p.slice(1)}`,
      bio: 'Poet from Ibadan',
      dateOfBirth: '1998-04-12',
      gender: 'female',
      location: { state: 'Oyo', city: 'Ibadan' },
      profileCompletion: 89, // all but the picture
    });
    expect((user.preferences as Record<string, unknown>).showPhone).toBe(true);
    expect((user.preferences as Record<string, unknown>).showEmail).toBe(true);
  });

  it.each([
    [{ fullName: '' }, 'fullName', 'Please enter your full name'],
    [{ phone: '' }, 'phone', 'Phone number is required'],
    [{ phone: '12345' }, 'phone', PHONE_MESSAGE],
    [{ bio: 'x'.repeat(501) }, 'bio', 'Bio cannot exceed 500 characters'],
    [{ location: { state: 'Atlantis' } }, 'location.state', 'Please select a state'],
    [{ dateOfBirth: '2020-01-01' }, 'dateOfBirth', 'You must be at least 13 years old'],
    [{ gender: 'other' }, 'gender', 'Please select a gender'],
  ])('refuses %j with the right message', async (change, field, message) => {
    const u = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(u.token),
      payload: { fullName: 'Good Name', phone: phone(), ...change },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Record<string, string> }).errors[field]).toBe(message);
  });

  it("refuses another member's phone number with PHONE_ALREADY_EXISTS", async () => {
    const taken = phone();
    await createTestUser(t.ctx, { phone: `+234${taken.slice(1)}` });
    const u = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(u.token),
      payload: { fullName: 'Good Name', phone: taken },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorType: 'PHONE_ALREADY_EXISTS', message: MESSAGES.register.PHONE_ALREADY_EXISTS });
  });

  it('is refused without a token', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { fullName: 'X Y', phone: phone() } })).statusCode).toBe(
      401,
    );
  });
});

describe('public profiles', () => {
  it('shows counts and respects contact preferences (email on, phone off by default)', async () => {
    const owner = await createTestUser(t.ctx, { fullName: 'Musa Bello', phone: '+2348012340001', bio: 'Drummer' });
    const [contest] = await t.ctx.db
      .insert(contests)
      .values({
        organizerId: owner.user.id,
        title: 'Best Beat',
        description: 'Make a beat',
        category: 'music',
        status: 'active',
        prizeType: 'badge',
        badgeTitle: 'Beat Maker',
        entryType: 'audio',
        entryStartDate: new Date(),
        entryEndDate: new Date(Date.now() + 86_400_000),
        votingStartDate: new Date(Date.now() + 86_400_000),
        votingEndDate: new Date(Date.now() + 2 * 86_400_000),
      })
      .returning();
    await t.ctx.db.insert(entries).values([
      {
        contestId: contest!.id,
        participantId: owner.user.id,
        title: 'Approved beat',
        description: 'd',
        entryType: 'audio',
        status: 'approved',
      },
      {
        contestId: contest!.id,
        participantId: owner.user.id,
        title: 'Pending beat',
        description: 'd',
        entryType: 'audio',
        status: 'pending',
      },
    ]);

    const res = await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/public` });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      fullName: 'Musa Bello',
      bio: 'Drummer',
      email: owner.email,
      phone: null,
      contestsCreated: 1,
      entriesSubmitted: 2,
      contestsWon: 0,
      isPrivate: false,
      lastActive: null,
    });

    const visitorEntries = await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/entries` });
    expect((visitorEntries.json() as { data: { entries: Array<{ title: string }> } }).data.entries.map((e) => e.title)).toEqual([
      'Approved beat',
    ]);
    const { token } = await login(t.app, owner.email, owner.password);
    const ownEntries = await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/entries`, headers: bearer(token) });
    expect((ownEntries.json() as { data: { entries: unknown[] } }).data.entries).toHaveLength(2);

    const list = await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/contests` });
    expect(list.json()).toMatchObject({
      data: { contests: [{ title: 'Best Beat', status: 'active' }], pagination: { total: 1, page: 1, limit: 12 } },
    });
  });

  it('hides email and details when the owner turns them off or goes private', async () => {
    const owner = await createSignedInUser(t.app, { fullName: 'Private Person', bio: 'Secret bio' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(owner.token),
      payload: { fullName: 'Private Person', phone: phone(), preferences: { showEmail: false } },
    });
    const hidden = (await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/public` })).json() as {
      data: { email: string | null };
    };
    expect(hidden.data.email).toBeNull();

    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(owner.token),
      payload: { fullName: 'Private Person', phone: phone(), preferences: { profileVisibility: 'private' } },
    });
    const priv = (await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/public` })).json() as {
      data: Record<string, unknown>;
    };
    expect(priv.data).toMatchObject({ fullName: 'Private Person', isPrivate: true, bio: null, email: null });
    // The owner still sees everything.
    const self = (
      await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/public`, headers: bearer(owner.token) })
    ).json() as { data: Record<string, unknown> };
    expect(self.data).toMatchObject({ isPrivate: false, bio: 'Secret bio', email: owner.email });
  });

  it('answers 404 Profile not found for unknown, malformed or banned users', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/${id}/public` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: MESSAGES.accounts.profileNotFound });
    }
  });
});

describe('referrals', () => {
  it('stats, rewards and leaderboard reflect referrals; add-code pays both sides through the ledger once', async () => {
    const referrer = await createSignedInUser(t.app, { fullName: 'Tobi Inviter' });
    const friend = await createSignedInUser(t.app, { fullName: 'Friend Verified' });

    const valid = await t.app.inject({ method: 'GET', url: `/api/referrals/validate/${referrer.user.referralCode.toLowerCase()}` });
    expect(valid.json()).toMatchObject({ data: { valid: true, referrerName: 'Tobi Inviter' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/referrals/validate/NOPE1234' })).json()).toMatchObject({
      data: { valid: false },
    });

    const add = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/add-code',
      headers: bearer(friend.token),
      payload: { referralCode: referrer.user.referralCode },
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({
      data: { referrerName: 'Tobi Inviter', referrerBonus: 50, refereeBonus: 25, refereeBonusPending: false },
    });
    expect(await balanceOf(t.ctx.db, accounts.userCredits(referrer.user.id))).toBe(5000);
    expect(await balanceOf(t.ctx.db, accounts.userCredits(friend.user.id))).toBe(2500);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/process',
      headers: bearer(friend.token),
      payload: { referralCode: referrer.user.referralCode },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorType: 'ALREADY_REFERRED', message: MESSAGES.accounts.referralAlready });
    expect(await balanceOf(t.ctx.db, accounts.userCredits(referrer.user.id))).toBe(5000);

    const stats = await t.app.inject({ method: 'GET', url: '/api/referrals/stats', headers: bearer(referrer.token) });
    expect(stats.json()).toMatchObject({
      data: {
        code: referrer.user.referralCode,
        referralUrl: `${t.config.publicUrl}/register?ref=${referrer.user.referralCode}`,
        totalReferrals: 1,
        totalEarnings: 50,
        pendingRewards: 0,
        referrals: [{ user: { fullName: 'Friend Verified' }, emailVerified: true, rewardClaimed: true }],
      },
    });
    const rewards = await t.app.inject({ method: 'GET', url: '/api/referrals/rewards', headers: bearer(referrer.token) });
    expect(rewards.json()).toMatchObject({
      data: { rewards: [{ user: { fullName: 'Friend Verified' }, rewardAmount: 50 }], pagination: { total: 1 } },
    });
    const board = await t.app.inject({ method: 'GET', url: '/api/referrals/leaderboard?limit=10', headers: bearer(referrer.token) });
    expect(
      (board.json() as { data: { leaderboard: Array<{ user: { fullName: string }; totalReferrals: number; rank: number }> } }).data
        .leaderboard,
    ).toContainEqual({
      rank: expect.any(Number),
      user: { fullName: 'Tobi Inviter' },
      totalReferrals: 1,
      totalEarnings: 50,
    });
    expect((await checkLedgerIntegrity(t.ctx.db)).ok).toBe(true);
  });

  it('refuses my own code, unknown codes and empty codes', async () => {
    const me = await createSignedInUser(t.app);
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/add-code',
      headers: bearer(me.token),
      payload: { referralCode: me.user.referralCode },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ errorType: 'SELF_REFERRAL', message: MESSAGES.accounts.referralSelf });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/add-code',
      headers: bearer(me.token),
      payload: { referralCode: 'ZZZZ9999' },
    });
    expect(unknown.json()).toMatchObject({ errorType: 'INVALID_REFERRAL_CODE' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/add-code',
      headers: bearer(me.token),
      payload: { referralCode: ' ' },
    });
    expect((empty.json() as { errors: Record<string, string> }).errors.referralCode).toBe('Please enter a referral code');
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.user.id))).toBe(0);
  });

  it('an unverified referee waits for verification; stats show it pending', async () => {
    const referrer = await createSignedInUser(t.app, { fullName: 'Waiting Inviter' });
    const pending = await createTestUser(t.ctx, { fullName: 'Not Yet Verified', isVerified: false });
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: pending.email, password: pending.password },
    });
    expect(register.json()).toMatchObject({ errorType: 'EMAIL_NOT_VERIFIED', email: pending.email });
    // Add the code as the referee would from their (unverified) session: sign a session directly.
    const { addCode } = await import('../src/modules/referrals/referrals.service.js');
    const result = await addCode(t.ctx, pending.user.id, referrer.user.referralCode);
    expect(result.refereeBonusPending).toBe(true);
    expect(await balanceOf(t.ctx.db, accounts.userCredits(pending.user.id))).toBe(0);
    const stats = await t.app.inject({ method: 'GET', url: '/api/referrals/stats', headers: bearer(referrer.token) });
    expect(stats.json()).toMatchObject({
      data: { totalReferrals: 1, pendingRewards: 25, referrals: [{ emailVerified: false, rewardClaimed: false }] },
    });
  });

  it('needs a signed-in user for stats, rewards, leaderboard and add-code', async () => {
    for (const [method, url] of [
      ['GET', '/api/referrals/stats'],
      ['GET', '/api/referrals/rewards'],
      ['GET', '/api/referrals/leaderboard'],
      ['POST', '/api/referrals/add-code'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? { referralCode: 'ABC' } : undefined })).statusCode).toBe(401);
    }
  });
});
