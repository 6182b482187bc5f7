import { count, eq, sql } from 'drizzle-orm';
import { creditsToUnits, nairaToKobo, subscriptionQuote } from '@contesthub/shared';
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { appMeta, comments, contests, entries, entryLikes, reports, users, votes } from '../db/schema/index.js';
import { runContestLifecycle } from '../modules/contest-settlement/finalize-contest.js';
import { accounts } from '../modules/ledger/accounts.js';
import { isPosted, post } from '../modules/ledger/ledger.js';
import { hasAnySubscription } from '../modules/subscriptions/subscriptions.repository.js';
import { initializeSubscription } from '../modules/subscriptions/subscriptions.service.js';
import { createUser, type NewUser } from '../modules/users/users.service.js';
import { resetClock, runPlan, seedReports, type People, type SeedCounters } from './contests.js';
import { CONTEST_PLANS, type PersonKey } from './plans.js';

/**
 * Bumped when the demo data grows, so an older demo database is topped up with the new parts.
 * 1: the three demo accounts. 2: eight more people, twenty contests in every status, category,
 * prize type and entry type, with entries, votes, comments, likes, reports, a paid-out winner
 * and an awarded badge. 3: the Basic Premium people hold a real subscription, paid from their wallet.
 * 4: a moderator account (the report queue, bans, appeals; not roles or money).
 */
export const DEMO_SEED_VERSION = 4;

export const DEMO_ACCOUNTS = [
  {
    key: 'admin',
    user: {
      fullName: 'Amaka Admin',
      email: 'admin@contesthub.local',
      password: 'Admin123!',
      role: 'admin',
      isVerified: true,
      bio: 'Keeps ContestHub fair and friendly.',
      locationState: 'Lagos',
      locationCity: 'Ikeja',
      gender: 'female',
    },
    walletNaira: 0,
    credits: 0,
  },
  {
    key: 'moderator',
    user: {
      fullName: 'Musa Moderator',
      email: 'moderator@contesthub.local',
      password: 'Moderator123!',
      role: 'moderator',
      isVerified: true,
      bio: 'Works the report queue and keeps the comments kind.',
      locationState: 'Kano',
      locationCity: 'Nassarawa',
      gender: 'male',
    },
    walletNaira: 0,
    credits: 0,
  },
  {
    key: 'organizer',
    user: {
      fullName: 'Tunde Organizer',
      email: 'organizer@contesthub.local',
      password: 'Organizer123!',
      phone: '+2348031234567',
      isVerified: true,
      subscriptionTier: 'basic_premium',
      bio: 'Photographer and community builder running creative contests in Lagos.',
      locationState: 'Lagos',
      locationCity: 'Yaba',
      gender: 'male',
    },
    walletNaira: 250_000,
    credits: 1_500,
  },
  {
    key: 'participant',
    user: {
      fullName: 'Chiamaka Participant',
      email: 'participant@contesthub.local',
      password: 'Participant123!',
      phone: '+2349051234567',
      isVerified: true,
      bio: 'Writer, singer and weekend photographer.',
      locationState: 'Enugu',
      locationCity: 'Enugu',
      gender: 'female',
    },
    walletNaira: 15_000,
    credits: 200,
  },
] as const satisfies readonly { key: string; user: NewUser; walletNaira: number; credits: number }[];

/** The shared password of the demo people below (printed with the logins). */
export const DEMO_PEOPLE_PASSWORD = 'Demo1234!';

/** Participants, voters and a few organizers: verified, profiles about 90% complete. */
export const DEMO_PEOPLE = [
  {
    key: 'adaeze',
    dateOfBirth: '1997-03-14',
    user: {
      fullName: 'Adaeze Okafor',
      email: 'adaeze@contesthub.local',
      phone: '+2348021110001',
      bio: 'Fashion lover and aso-ebi stylist from Awka. I dance when nobody is watching.',
      locationState: 'Anambra',
      locationCity: 'Awka',
      gender: 'female',
    },
    walletNaira: 5_000,
    credits: 150,
  },
  {
    key: 'emeka',
    dateOfBirth: '1993-11-02',
    user: {
      fullName: 'Emeka Nwosu',
      email: 'emeka@contesthub.local',
      phone: '+2348021110002',
      bio: 'Software engineer in Owerri, highlife guitarist at weekends.',
      locationState: 'Imo',
      locationCity: 'Owerri',
      gender: 'male',
    },
    walletNaira: 0,
    credits: 100,
  },
  {
    key: 'funmilayo',
    dateOfBirth: '1990-06-21',
    user: {
      fullName: 'Funmilayo Adeyemi',
      email: 'funmilayo@contesthub.local',
      phone: '+2348021110003',
      subscriptionTier: 'basic_premium',
      bio: 'Food blogger from Ibadan. Party jollof is a love language.',
      locationState: 'Oyo',
      locationCity: 'Ibadan',
      gender: 'female',
    },
    walletNaira: 20_000,
    credits: 300,
  },
  {
    key: 'ibrahim',
    dateOfBirth: '1988-01-09',
    user: {
      fullName: 'Ibrahim Musa',
      email: 'ibrahim@contesthub.local',
      phone: '+2348021110004',
      subscriptionTier: 'basic_premium',
      bio: 'Startup mentor and photographer in Kano. I run writing and pitch contests.',
      locationState: 'Kano',
      locationCity: 'Kano',
      gender: 'male',
    },
    walletNaira: 10_000,
    credits: 250,
  },
  {
    key: 'ngozi',
    dateOfBirth: '1999-09-30',
    user: {
      fullName: 'Ngozi Eze',
      email: 'ngozi@contesthub.local',
      phone: '+2348021110005',
      bio: 'Poet and illustrator studying at UNN, Nsukka.',
      locationState: 'Enugu',
      locationCity: 'Nsukka',
      gender: 'female',
    },
    walletNaira: 0,
    credits: 120,
  },
  {
    key: 'segun',
    dateOfBirth: '1991-12-05',
    user: {
      fullName: 'Segun Bakare',
      email: 'segun@contesthub.local',
      phone: '+2348021110006',
      subscriptionTier: 'basic_premium',
      bio: 'Events promoter and street photographer in Surulere.',
      locationState: 'Lagos',
      locationCity: 'Surulere',
      gender: 'male',
    },
    walletNaira: 15_000,
    credits: 200,
  },
  {
    key: 'zainab',
    dateOfBirth: '1998-07-18',
    user: {
      fullName: 'Zainab Abdullahi',
      email: 'zainab@contesthub.local',
      phone: '+2348021110007',
      bio: 'Fashion designer in Abuja mixing Ankara with northern embroidery.',
      locationState: 'FCT',
      locationCity: 'Garki',
      gender: 'female',
    },
    walletNaira: 0,
    credits: 180,
  },
  {
    key: 'tobi',
    dateOfBirth: '2001-02-27',
    user: {
      fullName: 'Tobi Ogunleye',
      email: 'tobi@contesthub.local',
      phone: '+2348021110008',
      bio: 'Dancer, adire enthusiast and final-year student in Abeokuta.',
      locationState: 'Ogun',
      locationCity: 'Abeokuta',
      gender: 'male',
    },
    walletNaira: 0,
    credits: 100,
  },
] as const satisfies readonly {
  key: PersonKey;
  dateOfBirth: string;
  user: Omit<NewUser, 'password'>;
  walletNaira: number;
  credits: number;
}[];

/**
 * Funds a demo account once (the ledger reference makes a repeat a no-op). Databases seeded before
 * issue 5 funded wallets from the sandbox gateway account under the same reference: that funding
 * stays as it was.
 */
async function fundDemoAccount(tx: Tx, userId: string, walletNaira: number, credits: number): Promise<void> {
  if (walletNaira > 0 && !(await isPosted(tx, `demo:wallet:${userId}`))) {
    await post(tx, {
      reference: `demo:wallet:${userId}`,
      kind: 'demo_funding',
      description: 'Demo wallet funding',
      lines: [
        { account: accounts.userWallet(userId), amount: nairaToKobo(walletNaira) },
        { account: accounts.demoFunding(), amount: -nairaToKobo(walletNaira) },
      ],
    });
  }
  if (credits > 0) {
    await post(tx, {
      reference: `demo:credits:${userId}`,
      kind: 'promotional_credit',
      description: 'Demo vote credits',
      lines: [
        { account: accounts.userCredits(userId), amount: creditsToUnits(credits) },
        { account: accounts.promotions(), amount: -creditsToUnits(credits) },
      ],
    });
  }
}

/** The demo accounts and people, created when missing and funded once. */
async function seedPeople(ctx: AppContext): Promise<People> {
  return ctx.db.transaction(async (tx) => {
    const people: Partial<People> = {};
    for (const demo of DEMO_ACCOUNTS) {
      const [existing] = await tx.select().from(users).where(eq(users.email, demo.user.email));
      const user = existing ?? (await createUser(tx, demo.user));
      await fundDemoAccount(tx, user.id, demo.walletNaira, demo.credits);
      people[demo.key] = { key: demo.key, id: user.id, role: user.role, fullName: user.fullName, keepBalances: true };
    }
    for (const demo of DEMO_PEOPLE) {
      const [existing] = await tx.select().from(users).where(eq(users.email, demo.user.email));
      let user = existing;
      if (!user) {
        user = await createUser(tx, { ...demo.user, password: DEMO_PEOPLE_PASSWORD, isVerified: true });
        [user] = await tx.update(users).set({ dateOfBirth: demo.dateOfBirth }).where(eq(users.id, user.id)).returning();
      }
      await fundDemoAccount(tx, user!.id, demo.walletNaira, demo.credits);
      people[demo.key] = { key: demo.key, id: user!.id, role: user!.role, fullName: user!.fullName, keepBalances: false };
    }
    return people as People;
  });
}

/**
 * The demo people shown with a paid tier get a real subscription (monthly, from now), bought through
 * the subscription service and paid from their wallet after it was funded, so /current and the tier
 * mirror tell the truth and it expires like any other. The key accounts' wallets are first topped up
 * by the price (a labelled demo funding), so the balances the README lists still hold. Skipped for a
 * person who already has a subscription row (a re-run or a topped-up database).
 */
async function seedSubscriptions(ctx: AppContext, people: People): Promise<number> {
  let started = 0;
  for (const demo of [...DEMO_ACCOUNTS, ...DEMO_PEOPLE]) {
    const tier = 'subscriptionTier' in demo.user ? demo.user.subscriptionTier : 'free';
    if (tier === 'free') continue;
    const person = people[demo.key];
    await ctx.db.transaction(async (tx) => {
      if (await hasAnySubscription(tx, person.id)) return;
      if (person.keepBalances) {
        const priceKobo = subscriptionQuote(tier, 'monthly').amountKobo;
        await post(tx, {
          reference: `demo:wallet:subscription:${person.id}`,
          kind: 'demo_funding',
          description: 'Demo wallet funding',
          lines: [
            { account: accounts.userWallet(person.id), amount: priceKobo },
            { account: accounts.demoFunding(), amount: -priceKobo },
          ],
        });
      }
      // The service sees this transaction as its database: its own transaction nests as a savepoint.
      const sctx: AppContext = { ...ctx, db: tx as unknown as Db };
      await initializeSubscription(sctx, person.id, { tier, duration: 'monthly', paymentMethod: 'wallet' });
      started++;
    });
  }
  return started;
}

/**
 * Demo data for a laptop run: accounts funded through the ledger (a sandbox deposit and a
 * promotional grant, labelled so), then the contest plans played through the real services with
 * the clock moved back (see contests.ts). Runs once per database version; every part is
 * idempotent (users by email, postings by reference, contests by organizer and title), so a
 * database seeded by an older version, or interrupted, is topped up without duplicates.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const [marker] = await ctx.db.select().from(appMeta).where(eq(appMeta.key, 'demo_seed_version'));
  if (marker && Number(marker.value) >= DEMO_SEED_VERSION) return;
  const started = Date.now();

  const people = await seedPeople(ctx);
  const subscribed = await seedSubscriptions(ctx, people);
  const counters: SeedCounters = { entries: 0, votes: 0, comments: 0, likes: 0, reports: 0 };
  const base = Math.floor(Date.now() / 60_000) * 60_000;
  let created = 0;
  try {
    for (const [index, plan] of CONTEST_PLANS.entries()) {
      const result = await runPlan(ctx, people, plan, index, base, counters);
      if (!result.created) continue;
      created++;
      if (plan.key === 'jollof-cookoff') {
        resetClock();
        await seedReports(ctx, people, result.contestId, counters);
      }
    }
  } finally {
    resetClock();
  }
  // Contests whose entry period is over move to voting, as the scheduler would on its first tick.
  await runContestLifecycle(ctx);

  await ctx.db
    .insert(appMeta)
    .values({ key: 'demo_seed_version', value: DEMO_SEED_VERSION })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: DEMO_SEED_VERSION, updatedAt: new Date() } });

  const [totals] = await ctx.db
    .select({
      contests: sql<number>`(select count(*) from ${contests})::int`,
      entries: sql<number>`(select count(*) from ${entries})::int`,
      votes: sql<number>`(select count(*) from ${votes})::int`,
      comments: sql<number>`(select count(*) from ${comments})::int`,
      likes: sql<number>`(select count(*) from ${entryLikes})::int`,
      reports: sql<number>`(select count(*) from ${reports})::int`,
    })
    .from(appMeta)
    .limit(1);
  const [userCount] = await ctx.db.select({ n: count() }).from(users);
  const lines = DEMO_ACCOUNTS.map((d) => `  ${d.key.padEnd(12)} ${d.user.email.padEnd(32)} ${d.user.password}`);
  lines.push(`  ${'others'.padEnd(12)} ${'adaeze@, emeka@, funmilayo@, … @contesthub.local'.padEnd(32)} ${DEMO_PEOPLE_PASSWORD}`);
  ctx.log.info(
    `Demo data ready: ${totals?.contests ?? 0} contests (${created} added now), ${totals?.entries ?? 0} entries, ${totals?.votes ?? 0} votes, ` +
      `${totals?.comments ?? 0} comments, ${totals?.likes ?? 0} likes, ${totals?.reports ?? 0} reports, ${userCount?.n ?? 0} users, ${subscribed} subscriptions started ` +
      `(${Date.now() - started} ms). Log in with:\n${lines.join('\n')}`,
  );
}
