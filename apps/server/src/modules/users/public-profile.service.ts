import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MESSAGES, type TPublicProfile, pageOf } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { contests, entries, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { effectivePreferences } from './users.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findUser(ctx: AppContext, id: string) {
  if (!UUID.test(id)) throw AppError.notFound(MESSAGES.accounts.profileNotFound);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
  // Banned and deactivated members have no public face.
  if (!user || user.status === 'banned' || !user.isActive) throw AppError.notFound(MESSAGES.accounts.profileNotFound);
  return user;
}

/**
 * A member's public profile. Contact details, location and last activity appear only when the
 * owner's preferences show them; a private profile shows only name and picture to others.
 */
export async function publicProfile(ctx: AppContext, id: string, viewerId: string | undefined): Promise<TPublicProfile> {
  const user = await findUser(ctx, id);
  const prefs = effectivePreferences(user.preferences);
  const self = viewerId === user.id;
  const isPrivate = prefs.profileVisibility !== 'public' && !self;

  const [[created], [submitted], [won]] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(contests)
      .where(and(eq(contests.organizerId, id), sql`${contests.status} <> 'draft'`)),
    ctx.db.select({ n: count() }).from(entries).where(eq(entries.participantId, id)),
    ctx.db
      .select({ n: count() })
      .from(contests)
      .innerJoin(entries, eq(entries.id, contests.winnerEntryId))
      .where(and(eq(entries.participantId, id), eq(contests.status, 'ended'))),
  ]);
  const badges = await ctx.db
    .select({ title: contests.badgeTitle })
    .from(contests)
    .innerJoin(entries, eq(entries.id, contests.winnerEntryId))
    .where(and(eq(entries.participantId, id), eq(contests.status, 'ended'), eq(contests.prizeType, 'badge')))
    .orderBy(desc(contests.votingEndDate));

  const show = (flag: boolean | undefined) => self || (!isPrivate && !!flag);
  return {
    _id: user.id,
    fullName: user.fullName,
    username: user.username,
    verified: user.isVerified,
    bio: isPrivate ? null : user.bio,
    email: show(prefs.showEmail) ? user.email : null,
    phone: show(prefs.showPhone) ? user.phone : null,
    location: show(prefs.showLocation) ? { state: user.locationState, city: user.locationCity } : null,
    profilePicture: user.profilePicture,
    contestsCreated: isPrivate ? 0 : (created?.n ?? 0),
    entriesSubmitted: isPrivate ? 0 : (submitted?.n ?? 0),
    contestsWon: isPrivate ? 0 : (won?.n ?? 0),
    badges: show(prefs.showBadges) ? badges.filter((b) => b.title).map((b) => ({ title: b.title! })) : [],
    preferences: isPrivate ? {} : prefs,
    createdAt: user.createdAt.toISOString(),
    lastActive: show(prefs.showLastActive) ? (user.lastActiveAt?.toISOString() ?? null) : null,
    isPrivate,
  };
}

export async function userContests(
  ctx: AppContext,
  id: string,
  viewerId: string | undefined,
  q: { page: number; limit: number; status?: string | undefined },
) {
  const user = await findUser(ctx, id);
  const prefs = effectivePreferences(user.preferences);
  const hidden = viewerId !== id && (prefs.profileVisibility !== 'public' || prefs.showContestActivity === false);
  const where = and(
    eq(contests.organizerId, id),
    sql`${contests.status} <> 'draft'`,
    q.status ? eq(contests.status, q.status as 'active') : undefined,
  );
  if (hidden) return { contests: [], pagination: pageOf(q, 0) };
  const rows = await ctx.db
    .select()
    .from(contests)
    .where(where)
    .orderBy(desc(contests.createdAt))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [{ total }] = (await ctx.db.select({ total: count() }).from(contests).where(where)) as [{ total: number }];
  return {
    contests: rows.map((c) => ({
      _id: c.id,
      title: c.title,
      status: c.status,
      category: c.category,
      coverImage: c.coverImage,
      entriesCount: c.totalEntries,
      prizeType: c.prizeType,
      createdAt: c.createdAt.toISOString(),
    })),
    pagination: pageOf(q, total),
  };
}

export async function userEntries(ctx: AppContext, id: string, viewerId: string | undefined, q: { page: number; limit: number }) {
  const user = await findUser(ctx, id);
  const prefs = effectivePreferences(user.preferences);
  const self = viewerId === id;
  if (!self && (prefs.profileVisibility !== 'public' || prefs.showEntryActivity === false)) {
    return { entries: [], pagination: pageOf(q, 0) };
  }
  // Others see approved entries only; the owner sees their pending ones too.
  const where = and(eq(entries.participantId, id), self ? undefined : eq(entries.status, 'approved'));
  const rows = await ctx.db
    .select({ entry: entries, contestTitle: contests.title })
    .from(entries)
    .innerJoin(contests, eq(contests.id, entries.contestId))
    .where(where)
    .orderBy(desc(entries.createdAt))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [{ total }] = (await ctx.db.select({ total: count() }).from(entries).where(where)) as [{ total: number }];
  return {
    entries: rows.map(({ entry, contestTitle }) => ({
      _id: entry.id,
      title: entry.title,
      description: entry.description,
      entryType: entry.entryType,
      status: entry.status,
      // Vote totals arrive with the voting capability; until then an entry has none.
      totalVotes: 0,
      createdAt: entry.createdAt.toISOString(),
      contest: { _id: entry.contestId, title: contestTitle },
    })),
    pagination: pageOf(q, total),
  };
}
