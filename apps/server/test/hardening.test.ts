/**
 * Bad input never hurts (issue 10): one regression test per defect found by the attack run, each
 * asserting what a client sees. The fuzz suite (fuzz.test.ts) covers every operation more broadly.
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/index.js';
import { apiCall, bearer, createSignedInUser, createTestApp, createTestUser, nextIp, sandboxCheckout, type TestApp } from './helpers.js';
import { contestPayload, insertEntry } from './contest-fixtures.js';
import { createContest, createParticipant, largePng, submit } from './entry-fixtures.js';
import { multipart } from './multipart.js';

let t: TestApp;
let member: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await createSignedInUser(t.app, { fullName: 'Hardy Member' });
});
afterAll(() => t?.close());

/** The failure envelope, and nothing of the router's or the database's own words. */
function expectEnvelope(body: string, status: number) {
  expect(status, body).toBeLessThan(500);
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(json).toMatchObject({ success: false, message: expect.any(String) });
  expect(body).not.toMatch(/FST_|invalid byte sequence|at .*\.(ts|js):\d+|"statusCode"/);
  return json;
}

describe('a huge password never stalls the server', () => {
  it('answers the length message alone, without running the strength pattern', async () => {
    const { ZRegister, ZResetPasswordRequest } = await import('@contesthub/shared');
    const huge = `${'a'.repeat(100_000)}`;
    const register = ZRegister.safeParse({
      fullName: 'Ade Bola',
      email: 'ade@example.test',
      phone: '08012345678',
      password: huge,
      confirmPassword: huge,
    });
    expect(register.error?.issues.filter((i) => i.path[0] === 'password').map((i) => i.message)).toEqual([
      'Password cannot exceed 128 characters',
    ]);
    const reset = ZResetPasswordRequest.safeParse({ email: 'ade@example.test', code: '123456', password: huge });
    expect(reset.error?.issues.map((i) => i.message)).toEqual(['Password cannot exceed 128 characters']);
  });

  it('keeps /api/health answering while long passwords are refused', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new Client(address, { pipelining: 0 });
    const health = new Client(address);
    try {
      // Just under the auth routes' body limit: the old unanchored pattern took ~0.4 s on 15 KB.
      const long = (n: number) => 'a'.repeat(n);
      const bodies: Array<[string, object]> = [
        [
          '/api/auth/register',
          { fullName: 'Ade Bola', email: 'a@b.test', phone: '08012345678', password: long(7_800), confirmPassword: long(7_800) },
        ],
        ['/api/auth/reset-password', { email: 'a@b.test', code: '123456', password: long(15_800) }],
      ];
      const slow = bodies.map(([path, body]) =>
        client.request({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      );
      await new Promise((r) => setTimeout(r, 5));
      const t0 = performance.now();
      const ping = await health.request({ method: 'GET', path: '/api/health' });
      const waited = performance.now() - t0;
      await ping.body.text();
      for (const res of await Promise.all(slow)) {
        const body = await res.body.text();
        expect(res.statusCode, body).toBe(400);
        expect(JSON.parse(body).message).toBe('Password cannot exceed 128 characters');
      }
      expect(waited).toBeLessThan(200);
      // A megabyte is refused by size before it is parsed.
      const big = await client.request({
        method: 'POST',
        path: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'a'.repeat(1024 * 1024) }),
      });
      const body = await big.body.text();
      expect(big.statusCode).toBe(413);
      expectEnvelope(body, 413);
    } finally {
      await client.close();
      await health.close();
    }
  });
});

describe('NUL and other characters the database cannot keep', () => {
  const NUL = '\u0000';

  it('refuses them on public routes with a 400 naming the field', async () => {
    const cases: Array<{ method: 'GET' | 'POST'; url: string; payload?: object; field: string }> = [
      { method: 'GET', url: '/api/referrals/validate/%00', field: 'code' },
      { method: 'GET', url: '/api/payments/sandbox/checkout?reference=%00', field: 'reference' },
      {
        method: 'POST',
        url: '/api/support/tickets',
        payload: { name: 'Ade', email: 'ade@example.test', category: 'General Inquiry', subject: `Hi${NUL}`, message: 'Hello there' },
        field: 'subject',
      },
      {
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          fullName: 'Ade Bola',
          email: 'nul.register@example.test',
          phone: '08031234567',
          password: 'Passw0rd!',
          confirmPassword: 'Passw0rd!',
          referralCode: `a${NUL}b`,
        },
        field: 'referralCode',
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        remoteAddress: nextIp(),
        ...(c.payload ? { payload: c.payload } : {}),
      });
      expect(res.statusCode, `${c.url}: ${res.body}`).toBe(400);
      const body = expectEnvelope(res.body, 400);
      expect(body).toMatchObject({
        errorType: 'VALIDATION_ERROR',
        errors: { [c.field]: `${c.field} contains a character that is not allowed` },
      });
    }
  });

  it('refuses them in signed-in bodies, query strings and form fields', async () => {
    const contest = await createContest(t.ctx, member.userId, { status: 'active' });
    const other = await createTestUser(t.ctx);
    const entryId = await insertEntry(t.ctx, contest.id, other.user.id, { status: 'pending' });
    const comment = await apiCall<{ _id: string }>(t.app, 'POST', '/api/comments', member.token, {
      contestId: contest.id,
      content: 'A fine contest',
    });
    expect(comment.status).toBe(201);
    const commentId = comment.body.data._id;

    const cases: Array<[method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload: object | undefined, field: string]> = [
      ['PUT', '/api/auth/profile', { fullName: 'Hardy Member', phone: '08021234567', bio: `bio${NUL}` }, 'bio'],
      ['PUT', '/api/auth/profile', { fullName: 'Hardy Member', phone: '08021234567', location: { city: `Ikeja${NUL}` } }, 'location.city'],
      ['POST', '/api/contests', contestPayload({ title: `Title${NUL}` }), 'title'],
      ['PUT', `/api/contests/${contest.id}`, { description: `About${NUL}` }, 'description'],
      ['POST', '/api/comments', { contestId: contest.id, content: `hi${NUL}` }, 'content'],
      ['POST', `/api/comments/${commentId}/flag`, { reason: `spam${NUL}` }, 'reason'],
      ['PATCH', `/api/entries/${entryId}/reject`, { reason: `blurry${NUL}` }, 'reason'],
      ['GET', '/api/transactions?type=%00', undefined, 'type'],
      ['GET', '/api/wallet/transactions?type=%00', undefined, 'type'],
      ['GET', '/api/vote-credit-transfers/search-users?q=a%00', undefined, 'q'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await apiCall(t.app, method, url, member.token, payload);
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors).toEqual({ [field]: `${field} contains a character that is not allowed` });
    }

    // Multipart form fields: the contest form and an entry submission.
    const form = multipart([
      { name: 'title', data: `Cover${NUL}` },
      { name: 'description', data: 'A contest with a cover' },
    ]);
    const contestForm = await t.app.inject({
      method: 'POST',
      url: '/api/contests',
      headers: { ...bearer(member.token), ...form.headers },
      payload: form.payload,
    });
    expect(contestForm.statusCode, contestForm.body).toBe(400);
    expect(contestForm.json().errors).toEqual({ title: 'title contains a character that is not allowed' });

    const participant = await createParticipant(t.app);
    const entryForm = await submit(t.app, participant.token, { contestId: contest.id, title: `Mine${NUL}`, files: [] });
    expect(entryForm.statusCode, entryForm.body).toBe(400);
    expect(entryForm.json().errors).toEqual({ title: 'title contains a character that is not allowed' });

    // A lone half of a surrogate pair would be stored as U+FFFD: refused the same way.
    const lone = await apiCall(t.app, 'POST', '/api/comments', member.token, { contestId: contest.id, content: 'half \ud83d emoji' });
    expect(lone.status).toBe(400);
    expect(lone.body.errors).toEqual({ content: 'content contains a character that is not allowed' });
    // A whole emoji is fine.
    expect((await apiCall(t.app, 'POST', '/api/comments', member.token, { contestId: contest.id, content: 'great 🎉' })).status).toBe(201);
  });
});

describe('broken multipart fails politely', () => {
  it('answers a missing boundary, a truncated body and multipart on a JSON route with the envelope', async () => {
    const contest = await createContest(t.ctx, member.userId, { status: 'active' });
    const noBoundary = { 'content-type': 'multipart/form-data' };
    const routes: Array<[method: 'POST' | 'PUT' | 'PATCH', url: string]> = [
      ['POST', '/api/entries'],
      ['POST', '/api/auth/upload-profile-picture'],
      ['POST', '/api/contests'],
      ['PUT', `/api/contests/${contest.id}`],
      ['PATCH', `/api/contests/${contest.id}/status`],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method, url, headers: { ...bearer(member.token), ...noBoundary }, payload: 'whatever' });
      expect([400, 415], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
      expectEnvelope(res.body, res.statusCode);

      const whole = multipart([{ name: 'title', data: 'A title' }]);
      const truncated = whole.payload.subarray(0, whole.payload.length - 20);
      const cut = await t.app.inject({ method, url, headers: { ...bearer(member.token), ...whole.headers }, payload: truncated });
      expect([400, 415], `${method} ${url} (truncated): ${cut.body}`).toContain(cut.statusCode);
      expectEnvelope(cut.body, cut.statusCode);
    }
    // A JSON route sent a well-formed multipart body: 415, not a crash.
    const status = multipart([{ name: 'status', data: 'ended' }]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/contests/${contest.id}/status`,
      headers: { ...bearer(member.token), ...status.headers },
      payload: status.payload,
    });
    expect(res.statusCode, res.body).toBe(415);
    expectEnvelope(res.body, 415);
  });

  it('answers the next request on the same connection after refusing an upload mid-way (413)', async () => {
    const contest = await createContest(t.ctx, member.userId, { settings: { allowMultipleEntries: true } });
    const participant = await createParticipant(t.app);
    const big = await largePng();
    const address = await t.app
      .listen({ port: 0, host: '127.0.0.1' })
      .catch(() => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`);
    const client = new Client(address, { pipelining: 1, bodyTimeout: 10_000, headersTimeout: 10_000 });
    try {
      const form = multipart([
        { name: 'contestId', data: contest.id },
        { name: 'title', data: 'Too big' },
        { name: 'description', data: 'A photo over the free limit' },
        { name: 'entryType', data: 'photo' },
        { name: 'files', filename: 'big.png', contentType: 'image/png', data: big },
      ]);
      const refused = await client.request({
        method: 'POST',
        path: '/api/entries',
        headers: { ...bearer(participant.token), ...form.headers, connection: 'keep-alive' },
        body: form.payload,
      });
      expect(refused.statusCode).toBe(413);
      expectEnvelope(await refused.body.text(), 413);
      const next = await client.request({ method: 'GET', path: '/api/health' });
      expect(next.statusCode).toBe(200);
      expect(JSON.parse(await next.body.text())).toMatchObject({ success: true });
    } finally {
      await client.close();
    }
  });
});

describe('forwarded headers count only behind a configured proxy', () => {
  const forgot = (app: TestApp['app'], forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: 'nobody@example.test' },
    });

  it('ignores X-Forwarded-For by default, even in production', async () => {
    const prod = await createTestApp({}, { env: { NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) codes.push((await forgot(prod.app, `198.51.100.${i}`)).statusCode);
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(codes.slice(10)).toEqual([429, 429]);

      const user = await createTestUser(prod.ctx);
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.8',
        headers: { 'x-forwarded-for': '1.2.3.4' },
        payload: { email: user.email, password: user.password },
      });
      expect(res.statusCode).toBe(200);
      const [session] = await prod.ctx.db.select().from(sessions).where(eq(sessions.userId, user.user.id));
      expect(session?.ipAddress).toBe('203.0.113.8');
    } finally {
      await prod.close();
    }
  });

  it('takes the client address from the proxy when TRUST_PROXY names it', async () => {
    const proxied = await createTestApp({}, { env: { TRUST_PROXY: '203.0.113.7' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) codes.push((await forgot(proxied.app, `198.51.100.${i}`)).statusCode);
      // Each forwarded client has its own allowance behind a trusted proxy.
      expect(codes).toEqual(Array(12).fill(200));
    } finally {
      await proxied.close();
    }
  });
});

describe('router errors in the envelope', () => {
  it('answers an overlong path parameter, a malformed percent-encoding and unknown routes with {success:false, message}', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/contests/${'a'.repeat(10_000)}` });
    expect(long.statusCode).toBe(414);
    expectEnvelope(long.body, 414);

    const badUrl = await t.app.inject({ method: 'GET', url: '/api/referrals/validate/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expectEnvelope(badUrl.body, 400);

    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(expectEnvelope(missing.body, 404)).toMatchObject({ errorType: 'NOT_FOUND' });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expectEnvelope(wrongType.body, 415);
  });

  it('answers a malformed HTTP request on the socket with the envelope', async () => {
    const address = new URL(
      await t.app
        .listen({ port: 0, host: '127.0.0.1' })
        .catch(() => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`),
    );
    const { connect } = await import('node:net');
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(address.port), address.hostname, () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    expectEnvelope(body, 400);
  });
});

describe('referrals', () => {
  it('refuses a referral that would close a cycle', async () => {
    const a = await createSignedInUser(t.app, { fullName: 'Ada Cycle' });
    const b = await createSignedInUser(t.app, { fullName: 'Bayo Cycle' });
    const c = await createSignedInUser(t.app, { fullName: 'Chidi Cycle' });
    const codeOf = async (token: string) => (await apiCall<{ code: string }>(t.app, 'GET', '/api/referrals/stats', token)).body.data.code;
    // A refers B, B refers C.
    expect((await apiCall(t.app, 'POST', '/api/referrals/add-code', b.token, { referralCode: await codeOf(a.token) })).status).toBe(200);
    expect((await apiCall(t.app, 'POST', '/api/referrals/add-code', c.token, { referralCode: await codeOf(b.token) })).status).toBe(200);
    // B → A would close A → B → A; C → A would close A → B → C → A.
    for (const user of [a]) {
      for (const referrer of [b, c]) {
        const res = await apiCall(t.app, 'POST', '/api/referrals/add-code', user.token, { referralCode: await codeOf(referrer.token) });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          success: false,
          errorType: 'REFERRAL_CYCLE',
          message: 'You cannot use the referral code of someone you referred',
        });
      }
    }
    const stats = await apiCall<{ totalReferrals: number; totalEarnings: number }>(t.app, 'GET', '/api/referrals/stats', b.token);
    expect(stats.body.data).toMatchObject({ totalReferrals: 1, totalEarnings: 50 });
    const statsA = await apiCall<{ referredBy: unknown }>(t.app, 'GET', '/api/referrals/stats', a.token);
    expect(statsA.body.data.referredBy).toBeNull();
  });

  it('refuses a referral between accounts that share a phone number, now or before', async () => {
    const a = await createSignedInUser(t.app, { fullName: 'Ada Phone', phone: '+2348031110001' });
    const codeOfA = (await apiCall<{ code: string }>(t.app, 'GET', '/api/referrals/stats', a.token)).body.data.code;
    // A moves to another number; the old one is free for a new account, which is still A's.
    expect((await apiCall(t.app, 'PUT', '/api/auth/profile', a.token, { fullName: 'Ada Phone', phone: '08031110002' })).status).toBe(200);
    const register = await apiCall(t.app, 'POST', '/api/auth/register', undefined, {
      fullName: 'Ada Again',
      email: 'ada.again@example.test',
      phone: '08031110001',
      password: 'Passw0rd1',
      confirmPassword: 'Passw0rd1',
      referralCode: codeOfA,
    });
    expect(register.status).toBe(400);
    expect(register.body).toMatchObject({
      errorType: 'REFERRAL_SAME_PERSON',
      message: 'This referral code belongs to an account that shares your phone number or payment card',
    });
    // Nothing half-written: the account was not created and A earned nothing.
    const retry = await apiCall(t.app, 'POST', '/api/auth/register', undefined, {
      fullName: 'Ada Again',
      email: 'ada.again@example.test',
      phone: '08031110001',
      password: 'Passw0rd1',
      confirmPassword: 'Passw0rd1',
    });
    expect(retry.status).toBe(201);
    const statsA = await apiCall<{ totalReferrals: number }>(t.app, 'GET', '/api/referrals/stats', a.token);
    expect(statsA.body.data.totalReferrals).toBe(0);
  });

  it('refuses a referral between accounts that paid with the same card', async () => {
    const a = await createSignedInUser(t.app, { fullName: 'Ada Card' });
    const b = await createSignedInUser(t.app, { fullName: 'Bayo Card' });
    const c = await createSignedInUser(t.app, { fullName: 'Chidi Card' });
    const deposit = async (token: string, card: string) => {
      const started = await apiCall<{ reference: string }>(t.app, 'POST', '/api/wallet/deposit', token, { amount: 100_000 });
      expect(started.status).toBe(200);
      expect((await sandboxCheckout(t.app, 'approve', started.body.data.reference, card)).statusCode).toBe(302);
      expect((await apiCall(t.app, 'POST', '/api/wallet/verify-deposit', token, { reference: started.body.data.reference })).status).toBe(
        200,
      );
    };
    await deposit(a.token, '4084 0840 8408 4081');
    await deposit(b.token, '4084084084084081');
    await deposit(c.token, '5060 6666 6666 6666 666');
    const codeOfA = (await apiCall<{ code: string }>(t.app, 'GET', '/api/referrals/stats', a.token)).body.data.code;
    const same = await apiCall(t.app, 'POST', '/api/referrals/add-code', b.token, { referralCode: codeOfA });
    expect(same.status).toBe(400);
    expect(same.body.errorType).toBe('REFERRAL_SAME_PERSON');
    // Another card is another person.
    expect((await apiCall(t.app, 'POST', '/api/referrals/add-code', c.token, { referralCode: codeOfA })).status).toBe(200);
  });
});
