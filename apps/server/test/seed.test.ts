import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsToUnits, nairaToKobo } from '@contesthub/shared';
import { queryRows } from '../src/db/client.js';
import { appMeta, ledgerTransactions, users } from '../src/db/schema/index.js';
import { checkLedgerIntegrity, userBalances } from '../src/modules/ledger/ledger.js';
import { DEMO_ACCOUNTS, DEMO_SEED_VERSION } from '../src/seed/demo.js';
import { bearer, createTestApp, login, type TestApp } from './helpers.js';

let t: TestApp;
const demoEmails = DEMO_ACCOUNTS.map((d) => d.user.email);

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});

afterAll(async () => {
  await t?.close();
});

async function snapshot(app: TestApp) {
  const rows = await app.ctx.db.select().from(users).where(inArray(users.email, demoEmails));
  const balances = Object.fromEntries(await Promise.all(rows.map(async (u) => [u.email, await userBalances(app.ctx.db, u.id)] as const)));
  const [counts] = await queryRows<{ users: string; transactions: string }>(
    app.ctx.db,
    sql`select (select count(*) from ${users})::text as users, (select count(*) from ${ledgerTransactions})::text as transactions`,
  );
  return { ids: Object.fromEntries(rows.map((u) => [u.email, u.id])), balances, counts };
}

describe('demo seed', () => {
  it('creates the three demo accounts', async () => {
    const rows = await t.ctx.db.select().from(users).where(inArray(users.email, demoEmails));
    expect(rows).toHaveLength(3);
    for (const demo of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.email === demo.user.email)!;
      expect(row).toMatchObject({
        fullName: demo.user.fullName,
        role: 'role' in demo.user ? demo.user.role : 'user',
        isVerified: true,
        status: 'active',
      });
    }
  });

  it('funds wallets and credits through the ledger as DEMO_ACCOUNTS says', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const [row] = await t.ctx.db.select().from(users).where(eq(users.email, demo.user.email));
      expect(await userBalances(t.ctx.db, row!.id), demo.key).toEqual({
        walletKobo: nairaToKobo(demo.walletNaira),
        creditUnits: creditsToUnits(demo.credits),
      });
    }
    const integrity = await checkLedgerIntegrity(t.ctx.db);
    expect(integrity.problems).toEqual([]);
    expect(integrity.ok).toBe(true);
    expect(integrity.transactions).toBe(
      DEMO_ACCOUNTS.filter((d) => d.walletNaira > 0).length + DEMO_ACCOUNTS.filter((d) => d.credits > 0).length,
    );
  });

  it('lets every demo account log in with the advertised password and shows its credits', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const session = await login(t.app, demo.user.email, demo.user.password);
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toMatchObject({ email: demo.user.email, voteCredits: demo.credits });
    }
  });

  it('records the seed version', async () => {
    const [marker] = await t.ctx.db.select().from(appMeta).where(eq(appMeta.key, 'demo_seed_version'));
    expect(Number(marker!.value)).toBe(DEMO_SEED_VERSION);
  });

  it('does not seed twice when another app starts on the same database', async () => {
    const before = await snapshot(t);
    const again = await createTestApp({ seedDemo: true }, { database: t.database });
    try {
      expect(await snapshot(again)).toEqual(before);
      expect((await checkLedgerIntegrity(again.ctx.db)).ok).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('tops up a database whose seed marker is missing without paying anyone twice', async () => {
    // An interrupted or older seed: the marker is gone, the accounts and postings are there.
    const before = await snapshot(t);
    await t.ctx.db.delete(appMeta).where(eq(appMeta.key, 'demo_seed_version'));
    const again = await createTestApp({ seedDemo: true }, { database: t.database });
    try {
      expect(await snapshot(again)).toEqual(before);
      const [marker] = await again.ctx.db.select().from(appMeta).where(eq(appMeta.key, 'demo_seed_version'));
      expect(Number(marker!.value)).toBe(DEMO_SEED_VERSION);
    } finally {
      await again.close();
    }
  });
});
