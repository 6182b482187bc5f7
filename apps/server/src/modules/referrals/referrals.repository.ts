/** Statements over referrals and the referral columns of the user row. No rules here: see referrals.service.ts. */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { referrals, users } from '../../db/schema/index.js';

/** The owner of a referral code (as stored: upper-case). */
export async function findReferrerByCode(db: DbOrTx, code: string): Promise<{ id: string; fullName: string } | undefined> {
  const [row] = await db.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.referralCode, code));
  return row;
}

/** Locks the users' rows in id order (two people taking each other's code at once are serialised). */
export async function lockReferralRows(tx: Tx, userIds: string[]): Promise<Array<{ id: string; referredBy: string | null }>> {
  return tx
    .select({ id: users.id, referredBy: users.referredBy })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(users.id)
    .for('no key update');
}

/** True when `ancestorId` is found walking up at most `maxChain` steps from `userId` through who referred whom. */
export async function inReferralChain(tx: Tx, ancestorId: string, userId: string, maxChain: number): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    tx,
    sql`with recursive chain(id, depth) as (
          select ${users.referredBy}, 1 from ${users} where ${users.id} = ${userId}
          union all
          select u.referred_by, c.depth + 1 from chain c join ${users} u on u.id = c.id
          where c.id is not null and c.depth < ${maxChain}
        )
        select exists (select 1 from chain where id = ${ancestorId}) as found`,
  );
  return rows[0]?.found === true;
}

export async function setReferredBy(tx: Tx, refereeId: string, referrerId: string, at: Date): Promise<void> {
  await tx.update(users).set({ referredBy: referrerId, updatedAt: at }).where(eq(users.id, refereeId));
}

export async function insertReferral(db: DbOrTx, values: typeof referrals.$inferInsert): Promise<void> {
  await db.insert(referrals).values(values);
}

/** Marks the referee's reward paid if it was not; answers the reward (units) when this call claimed it. */
export async function claimRefereeReward(tx: Tx, refereeId: string, at: Date): Promise<number | undefined> {
  const claimed = await tx
    .update(referrals)
    .set({ refereeRewardedAt: at })
    .where(and(eq(referrals.refereeId, refereeId), isNull(referrals.refereeRewardedAt)))
    .returning({ reward: referrals.refereeReward });
  return claimed[0]?.reward;
}

export async function isUserVerified(db: DbOrTx, userId: string): Promise<boolean | undefined> {
  const [me] = await db.select({ isVerified: users.isVerified }).from(users).where(eq(users.id, userId));
  return me?.isVerified;
}

/** The user's own referral code and who referred them. */
export async function referralFieldsOf(db: DbOrTx, userId: string): Promise<{ code: string; referredBy: string | null } | undefined> {
  const [me] = await db.select({ code: users.referralCode, referredBy: users.referredBy }).from(users).where(eq(users.id, userId));
  return me;
}

export async function fullNameOf(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.fullName;
}

/** The people a user referred, newest first, with the rewards of each referral. */
export async function referralsBy(db: DbOrTx, referrerId: string) {
  return db
    .select({
      fullName: users.fullName,
      email: users.email,
      isVerified: users.isVerified,
      joinedAt: referrals.createdAt,
      referrerReward: referrals.referrerReward,
      referrerRewardedAt: referrals.referrerRewardedAt,
      refereeRewardedAt: referrals.refereeRewardedAt,
      refereeReward: referrals.refereeReward,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.refereeId))
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(desc(referrals.createdAt));
}

/** Referrers by number of referrals (then by who started first), one page, and how many referrers there are. */
export async function referrerRanking(db: DbOrTx, limit: number, offset: number) {
  const rows = await queryRows<{ full_name: string | null; total: number; earned: string }>(
    db,
    sql`select u.full_name, count(*)::int as total, coalesce(sum(r.referrer_reward) filter (where r.referrer_rewarded_at is not null), 0)::text as earned
        from ${referrals} r join ${users} u on u.id = r.referrer_id
        group by u.id, u.full_name
        order by count(*) desc, min(r.created_at) asc
        limit ${limit} offset ${offset}`,
  );
  const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(distinct referrer_id)::int as n from ${referrals}`)) as [
    { n: number },
  ];
  return { rows, total: n };
}

/** The referrer's paid rewards, newest first, one page, and how many. */
export async function paidRewardsOf(db: DbOrTx, referrerId: string, limit: number, offset: number) {
  const where = and(eq(referrals.referrerId, referrerId), sql`${referrals.referrerRewardedAt} is not null`);
  const rows = await db
    .select({ fullName: users.fullName, reward: referrals.referrerReward, joinedAt: referrals.createdAt })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.refereeId))
    .where(where)
    .orderBy(desc(referrals.createdAt))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(referrals).where(where)) as [{ total: number }];
  return { rows, total };
}
