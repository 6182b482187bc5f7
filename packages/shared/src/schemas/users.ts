/**
 * Member contracts (spec 000 §7 Users, spec 001 §2 Profile Settings): a member's public contest and
 * entry lists and the profile picture upload. The public profile itself and the signed-in user are
 * in auth.ts (ZPublicProfile, ZPublicUser).
 */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { CONTEST_STATUSES, ENTRY_STATUSES, ENTRY_TYPES, PRIZE_TYPES } from '../enums.js';
import { ZPublicUser } from './auth.js';
import { ZImageSet } from './images.js';
import { pageQuery, ZPagination } from './pagination.js';

/** GET /api/users/:id/entries (and, with a status, /contests). */
export const ZProfileListQuery = z.object(pageQuery({ defaultLimit: PAGE_SIZES.profileLists, maxLimit: 50 }));

/** GET /api/users/:id/contests. */
export const ZUserContestsQuery = ZProfileListQuery.extend({ status: z.enum(CONTEST_STATUSES).optional() });

/** A contest on a member's profile (never a draft). */
export const ZUserContest = z.object({
  _id: z.string(),
  title: z.string(),
  status: z.enum(CONTEST_STATUSES),
  /** A category of CONTEST_CATEGORIES. */
  category: z.string(),
  coverImage: z.string().nullable(),
  coverImageSet: ZImageSet.nullable(),
  entriesCount: z.number().int(),
  prizeType: z.enum(PRIZE_TYPES),
  createdAt: z.string(),
});
export type TUserContest = z.infer<typeof ZUserContest>;

export const ZUserContestsPage = z.object({ contests: z.array(ZUserContest), pagination: ZPagination });
export type TUserContestsPage = z.infer<typeof ZUserContestsPage>;

/** An entry on a member's profile: approved ones for others, pending ones too for the member. */
export const ZUserEntry = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  entryType: z.enum(ENTRY_TYPES),
  status: z.enum(ENTRY_STATUSES),
  totalVotes: z.number().int(),
  createdAt: z.string(),
  contest: z.object({ _id: z.string(), title: z.string() }),
});
export type TUserEntry = z.infer<typeof ZUserEntry>;

export const ZUserEntriesPage = z.object({ entries: z.array(ZUserEntry), pagination: ZPagination });
export type TUserEntriesPage = z.infer<typeof ZUserEntriesPage>;

/** POST /api/auth/upload-profile-picture: the new picture's URL and the user with it. */
export const ZProfilePictureUploaded = z.object({ profilePicture: z.string(), user: ZPublicUser });
export type TProfilePictureUploaded = z.infer<typeof ZProfilePictureUploaded>;
