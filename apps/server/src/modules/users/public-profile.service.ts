import { MESSAGES, type TPublicProfile, pageOf } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { toImageSet } from '../../lib/images.js';
import { badgesWon, contestsOrganizedBy, entriesSubmittedBy, profileCounts } from './public-profile.repository.js';
import { findUserById } from './users.repository.js';
import { effectivePreferences } from './users.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findUser(ctx: AppContext, id: string) {
  if (!UUID.test(id)) throw AppError.notFound(MESSAGES.accounts.profileNotFound);
  const user = await findUserById(ctx.db, id);
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

  const counts = await profileCounts(ctx.db, id);
  const badges = await badgesWon(ctx.db, id);

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
    contestsCreated: isPrivate ? 0 : counts.created,
    entriesSubmitted: isPrivate ? 0 : counts.submitted,
    contestsWon: isPrivate ? 0 : counts.won,
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
  if (hidden) return { contests: [], pagination: pageOf(q, 0) };
  const { rows, total } = await contestsOrganizedBy(ctx.db, id, { limit: q.limit, offset: (q.page - 1) * q.limit, status: q.status });
  return {
    contests: rows.map((c) => ({
      _id: c.id,
      title: c.title,
      status: c.status,
      category: c.category,
      coverImage: c.coverImage,
      coverImageSet: toImageSet(c.coverImage, c.coverImageSet),
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
  const { rows, total } = await entriesSubmittedBy(ctx.db, id, { limit: q.limit, offset: (q.page - 1) * q.limit, approvedOnly: !self });
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
