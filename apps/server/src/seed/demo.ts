import { eq } from 'drizzle-orm';
import { creditsToUnits, nairaToKobo } from '@contesthub/shared';
import type { AppContext } from '../context.js';
import { appMeta, users } from '../db/schema/index.js';
import { accounts } from '../modules/ledger/accounts.js';
import { post } from '../modules/ledger/ledger.js';
import { createUser, type NewUser } from '../modules/users/users.service.js';

/** Bumped when the demo data grows, so an older demo database is topped up with the new parts. */
export const DEMO_SEED_VERSION = 1;

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

/**
 * Demo data for a laptop run: accounts with wallets and credits funded through the ledger (as a
 * sandbox deposit and a promotional grant, labelled so). Runs once per database; later issues
 * extend it with contests, entries, votes and comments.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const [marker] = await ctx.db.select().from(appMeta).where(eq(appMeta.key, 'demo_seed_version'));
  if (marker && Number(marker.value) >= DEMO_SEED_VERSION) return;

  await ctx.db.transaction(async (tx) => {
    for (const demo of DEMO_ACCOUNTS) {
      const [existing] = await tx.select().from(users).where(eq(users.email, demo.user.email));
      const user = existing ?? (await createUser(tx, demo.user));
      if (demo.walletNaira > 0) {
        await post(tx, {
          reference: `demo:wallet:${user.id}`,
          kind: 'wallet_deposit',
          description: 'Demo wallet funding (sandbox deposit)',
          lines: [
            { account: accounts.userWallet(user.id), amount: nairaToKobo(demo.walletNaira) },
            { account: accounts.gateway('sandbox'), amount: -nairaToKobo(demo.walletNaira) },
          ],
        });
      }
      if (demo.credits > 0) {
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
    }
    await tx
      .insert(appMeta)
      .values({ key: 'demo_seed_version', value: DEMO_SEED_VERSION })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: DEMO_SEED_VERSION, updatedAt: new Date() } });
  });

  const lines = DEMO_ACCOUNTS.map((d) => `  ${d.key.padEnd(12)} ${d.user.email.padEnd(32)} ${d.user.password}`);
  ctx.log.info(`Demo data ready. Log in with:\n${lines.join('\n')}`);
}
