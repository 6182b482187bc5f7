import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTEST_CATEGORIES,
  ENTRY_TYPES,
  ESCROW_FEE_PERCENT,
  PRIZE_TYPES,
  PROFILE_COMPLETION_MIN_TO_ENTER,
  creditsToUnits,
  nairaToKobo,
} from '@contesthub/shared';
import { queryRows } from '../src/db/client.js';
import { appMeta, contests, entries, ledgerTransactions, userBadges, users, votes } from '../src/db/schema/index.js';
import { postedAmount } from '../src/modules/ledger/ledger.js';
import { completionOf } from '../src/modules/entries/entry-eligibility.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { balanceOf, checkLedgerIntegrity, post, userBalances } from '../src/modules/ledger/ledger.js';
import { createUser } from '../src/modules/users/users.service.js';
import { DEMO_ACCOUNTS, DEMO_PEOPLE, DEMO_PEOPLE_PASSWORD, DEMO_SEED_VERSION } from '../src/seed/demo.js';
import { CONTEST_PLANS } from '../src/seed/plans.js';
import { bearer, createTestApp, login, type TestApp } from './helpers.js';

let t: TestApp;
const demoEmails = DEMO_ACCOUNTS.map((d) => d.user.email);
const peopleEmails = DEMO_PEOPLE.map((d) => d.user.email);

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Everything the seed writes, counted, plus the key accounts' balances. */
async function snapshot(app: TestApp) {
  const rows = await app.ctx.db.select().from(users).where(inArray(users.email, demoEmails));
  const balances = Object.fromEntries(await Promise.all(rows.map(async (u) => [u.email, await userBalances(app.ctx.db, u.id)] as const)));
  const [counts] = await queryRows<Record<string, string>>(
    app.ctx.db,
    sql`select (select count(*) from users)::text as users,
      (select count(*) from ${ledgerTransactions})::text as transactions,
      (select count(*) from contests)::text as contests,
      (select count(*) from entries)::text as entries,
      (select count(*) from votes)::text as votes,
      (select count(*) from comments)::text as comments,
      (select count(*) from entry_likes)::text as likes,
      (select count(*) from reports)::text as reports,
      (select count(*) from user_badges)::text as badges`,
  );
  return { ids: Object.fromEntries(rows.map((u) => [u.email, u.id])), balances, counts };
}

const contestByTitle = async (app: TestApp, title: string) => {
  const [row] = await app.ctx.db.select().from(contests).where(eq(contests.title, title));
  if (!row) throw new Error(`no contest "${title}"`);
  return row;
};

describe('demo seed: accounts', () => {
  it('creates the demo accounts (admin, moderator, organizer, participant)', async () => {
    const rows = await t.ctx.db.select().from(users).where(inArray(users.email, demoEmails));
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
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

  it('creates the demo people: verified, profiles over half complete, distinct Nigerian phones', async () => {
    const rows = await t.ctx.db.select().from(users).where(inArray(users.email, peopleEmails));
    expect(rows).toHaveLength(DEMO_PEOPLE.length);
    for (const row of rows) {
      expect(row.isVerified).toBe(true);
      expect(row.phone).toMatch(/^\+234\d{10}$/);
      expect(row.dateOfBirth).toBeTruthy();
      expect(completionOf(row)).toBeGreaterThanOrEqual(PROFILE_COMPLETION_MIN_TO_ENTER);
    }
    const all = await t.ctx.db.select({ phone: users.phone }).from(users);
    const phones = all.map((r) => r.phone).filter(Boolean);
    expect(new Set(phones).size).toBe(phones.length);
    await login(t.app, DEMO_PEOPLE[0].user.email, DEMO_PEOPLE_PASSWORD);
  });

  it('leaves the key accounts with the balances the README lists, and the ledger balanced', async () => {
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
});

describe('demo seed: contests', () => {
  it('creates every planned contest, covering each status, category, prize type and entry type', async () => {
    const rows = await t.ctx.db.select().from(contests);
    expect(rows).toHaveLength(CONTEST_PLANS.length);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(CONTEST_CATEGORIES));
    expect(new Set(rows.map((r) => r.prizeType))).toEqual(new Set(PRIZE_TYPES));
    expect(new Set(rows.map((r) => r.entryType))).toEqual(new Set(ENTRY_TYPES));
    expect(new Set(rows.map((r) => r.votingType))).toEqual(new Set(['free', 'paid', 'both']));
    expect(new Set(rows.map((r) => r.entryFee))).toEqual(new Set(['free', 'paid']));
    expect(new Set(rows.map((r) => r.entryReview))).toEqual(new Set(['open', 'review']));
    expect(rows.filter((r) => r.category === 'other').every((r) => !!r.customCategory)).toBe(true);
    expect(rows.filter((r) => r.prizeType === 'cashanditem').every((r) => r.prizeItems.length > 0)).toBe(true);
    expect(rows.some((r) => r.isFeatured)).toBe(true);
    expect(rows.some((r) => r.isAdminContest)).toBe(true);
    expect(rows.every((r) => r.coverImage?.startsWith('/media/covers/'))).toBe(true);
    // Demo covers (1200 × 630) come with their narrower widths, so the demo pages use srcset.
    expect(rows.map((r) => r.coverImageSet)).toEqual(
      rows.map(() => ({ width: 1200, height: 630, variants: [400, 800, 1200].map((width) => ({ url: expect.any(String), width })) })),
    );
    expect(rows.every((r) => r.coverImageSet!.variants.at(-1)!.url === r.coverImage)).toBe(true);

    const now = new Date();
    expect(rows.some((r) => r.status === 'active' && r.entryStartDate > now)).toBe(true); // upcoming
    expect(rows.some((r) => r.status === 'active' && r.entryStartDate <= now && r.entryEndDate > now)).toBe(true);
    expect(rows.some((r) => r.status === 'voting' && r.votingStartDate <= now && r.votingEndDate > now)).toBe(true);
    expect(rows.some((r) => r.status === 'ended' && r.finalizedAt && r.winnerEntryId)).toBe(true);
    expect(rows.some((r) => r.status === 'cancelled' && r.cancelledAt)).toBe(true);
  });

  it('gives the demo organizer several contests, some with entries waiting for review', async () => {
    const [organizer] = await t.ctx.db.select().from(users).where(eq(users.email, 'organizer@contesthub.local'));
    const mine = await t.ctx.db.select().from(contests).where(eq(contests.organizerId, organizer!.id));
    expect(mine.length).toBeGreaterThanOrEqual(5);
    const pending = await t.ctx.db
      .select({ id: entries.id })
      .from(entries)
      .where(
        and(
          inArray(
            entries.contestId,
            mine.map((c) => c.id),
          ),
          eq(entries.status, 'pending'),
        ),
      );
    expect(pending.length).toBeGreaterThanOrEqual(2);
  });

  it('stores real media for every entry type, and keeps vote counters equal to the votes', async () => {
    const rows = await t.ctx.db.select().from(entries);
    const approved = rows.filter((e) => e.status === 'approved');
    expect(new Set(approved.map((e) => e.entryType))).toEqual(new Set(ENTRY_TYPES));
    expect(rows.some((e) => e.status === 'rejected')).toBe(true);
    const kinds = { photo: 'image/webp', video: 'video/webm', audio: 'audio/wav', article: 'application/pdf' } as const;
    for (const e of rows) {
      expect(e.media).toHaveLength(1);
      expect(e.media[0]!.url).toMatch(/^\/media\/entries\//);
      expect(e.media[0]!.mimeType).toBe(kinds[e.entryType]);
    }
    const [mismatch] = await queryRows<{ n: number }>(
      t.ctx.db,
      // A cancelled contest's votes are refunded (inactive) but its entries keep their counts as history.
      sql`select count(*)::int as n from entries e join contests c on c.id = e.contest_id
        where c.status <> 'cancelled' and e.weighted_votes <>
        (select coalesce(sum(v.weighted_total), 0) from votes v where v.entry_id = e.id and v.is_active)`,
    );
    expect(mismatch!.n).toBe(0);
    const voteRows = await t.ctx.db.select().from(votes);
    expect(new Set(voteRows.map((v) => v.voteType))).toEqual(new Set(['free', 'paid']));
    const [anon] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from comments where is_anonymous`);
    expect(anon!.n).toBeGreaterThan(0);
    const [reportsCount] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from reports`);
    expect(reportsCount!.n).toBeGreaterThanOrEqual(2);
  });

  it('paid the winner of an ended cash contest 95% of the prize through finalize', async () => {
    const contest = await contestByTitle(t, 'Owambe Fashion Lookbook');
    expect(contest.status).toBe('ended');
    expect(contest.winnerEntryId).toBeTruthy();
    const [winner] = await t.ctx.db.select().from(entries).where(eq(entries.id, contest.winnerEntryId!));
    const expected = contest.prizeAmount - Math.floor((contest.prizeAmount * ESCROW_FEE_PERCENT) / 100);
    expect(expected).toBe(nairaToKobo(47_500));
    expect(await postedAmount(t.ctx.db, `contest:payout:${contest.id}`, accounts.userWallet(winner!.participantId))).toBe(expected);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest.id, 'NGN'))).toBe(0);
    // The winner is the best-ranked approved entry.
    const [best] = await t.ctx.db
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.contestId, contest.id), eq(entries.status, 'approved')))
      .orderBy(sql`${entries.weightedVotes} desc, ${entries.createdAt} asc`)
      .limit(1);
    expect(best!.id).toBe(contest.winnerEntryId);
  });

  it('recorded the badge of an ended badge contest, and refunded the cancelled contest', async () => {
    const badge = await contestByTitle(t, 'Harmattan Portraits');
    const [awarded] = await t.ctx.db.select().from(userBadges).where(eq(userBadges.contestId, badge.id));
    expect(awarded).toMatchObject({ title: 'Harmattan Master' });

    const cancelled = await contestByTitle(t, 'Port Harcourt Football Freestyle');
    expect(cancelled.status).toBe('cancelled');
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(cancelled.id, 'NGN'))).toBe(0);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(cancelled.id, 'CREDIT'))).toBe(0);
    const cancelledVotes = await t.ctx.db.select().from(votes).where(eq(votes.contestId, cancelled.id));
    expect(cancelledVotes.length).toBeGreaterThan(0);
    expect(cancelledVotes.every((v) => !v.isActive)).toBe(true);
  });

  it('serves the seeded data through the public API', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/contests?limit=50' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.contests.length).toBe(CONTEST_PLANS.length);
    for (const status of ['active', 'voting', 'ended', 'cancelled']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/contests?status=${status}` });
      expect(res.json().data.contests.length, status).toBeGreaterThan(0);
    }
    const featured = await t.app.inject({ method: 'GET', url: '/api/contests/featured' });
    expect(featured.json().data.contests.some((c: { isFeatured: boolean }) => c.isFeatured)).toBe(true);
    const approved = await t.app.inject({ method: 'GET', url: '/api/entries?status=approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.entries.length).toBeGreaterThan(0);
    const stats = await t.app.inject({ method: 'GET', url: '/api/analytics/public-stats' });
    expect(stats.statusCode).toBe(200);
  });
});

describe('demo seed: idempotency', () => {
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

  it('tops up a database whose seed marker is missing without duplicating or paying anyone twice', async () => {
    // An interrupted or older seed: the marker is gone, the accounts, contests and postings are there.
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

  it('tops up a version 1 demo database (three funded accounts) with the contests, keeping their balances', async () => {
    const v1 = await createTestApp({ seedDemo: false });
    try {
      // What version 1 left behind: the three accounts, funded under the same references, marker 1.
      await v1.ctx.db.transaction(async (tx) => {
        for (const demo of DEMO_ACCOUNTS) {
          const user = await createUser(tx, demo.user);
          if (demo.walletNaira > 0)
            await post(tx, {
              reference: `demo:wallet:${user.id}`,
              kind: 'wallet_deposit',
              description: 'Demo wallet funding (sandbox deposit)',
              lines: [
                { account: accounts.userWallet(user.id), amount: nairaToKobo(demo.walletNaira) },
                { account: accounts.gateway('sandbox'), amount: -nairaToKobo(demo.walletNaira) },
              ],
            });
          if (demo.credits > 0)
            await post(tx, {
              reference: `demo:credits:${user.id}`,
              kind: 'promotional_credit',
              description: 'Demo vote credits',
              lines: [
                { account: accounts.userCredits(user.id), amount: creditsToUnits(demo.credits) },
                { account: accounts.promotions(), amount: -creditsToUnits(demo.credits) },
              ],
            });
        }
        await tx.insert(appMeta).values({ key: 'demo_seed_version', value: 1 });
      });
      const upgraded = await createTestApp({ seedDemo: true }, { database: v1.database });
      try {
        const snap = await snapshot(upgraded);
        expect(Number(snap.counts!.users)).toBe(DEMO_ACCOUNTS.length + DEMO_PEOPLE.length);
        expect(Number(snap.counts!.contests)).toBe(CONTEST_PLANS.length);
        for (const demo of DEMO_ACCOUNTS) {
          expect(snap.balances[demo.user.email], demo.key).toEqual({
            walletKobo: nairaToKobo(demo.walletNaira),
            creditUnits: creditsToUnits(demo.credits),
          });
        }
        expect((await checkLedgerIntegrity(upgraded.ctx.db)).ok).toBe(true);
      } finally {
        await upgraded.close();
      }
    } finally {
      await v1.close();
    }
  }, 120_000);
});
