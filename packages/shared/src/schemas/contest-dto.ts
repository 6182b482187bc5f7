/**
 * Response shapes the public contest and entry pages read, beside contest-views.ts (TContest and
 * the contest lists). The entry shapes are what the server's entries routes answer (its
 * entries.schemas.ts builds on them). Ids are strings, dates ISO strings, prizeAmount in kobo,
 * entry fees in vote credits.
 */
import { z } from 'zod';
import {
  CONTEST_STATUSES,
  ENTRY_FEE_TYPES,
  ENTRY_STATUSES,
  ENTRY_TYPES,
  PRIZE_TYPES,
  REPORT_REASONS,
  type ReportReason,
} from '../enums.js';
import { ZImageVariant } from './images.js';
import { ZPagination } from './pagination.js';
import { ZContest } from './contest-views.js';

const isoDate = z.string();

/** GET /contests/featured?limit: the featured contests, best first (TContest as in contest-views). */
export const ZFeaturedContests = z.object({ contests: z.array(ZContest) });
export type TFeaturedContests = z.infer<typeof ZFeaturedContests>;

export const ZEntryMedia = z.object({
  url: z.string(),
  thumbnailUrl: z.string().optional(),
  kind: z.enum(['image', 'video', 'audio', 'document']),
  mimeType: z.string(),
  size: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** Images: the stored widths (thumbnail, middle, display = url), narrowest first; absent on older uploads. */
  variants: z.array(ZImageVariant).optional(),
});
export type TEntryMedia = z.infer<typeof ZEntryMedia>;

export const ZEntryParticipant = z.object({
  _id: z.string(),
  fullName: z.string(),
  username: z.string(),
  profilePicture: z.string().nullable(),
  verified: z.boolean(),
});

export const ZEntryContestSummary = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.enum(CONTEST_STATUSES),
  entryFee: z.enum(ENTRY_FEE_TYPES),
  /** Vote credits. */
  entryFeeAmount: z.number().meta({ description: 'Vote credits.' }),
  prizeType: z.enum(PRIZE_TYPES),
  /** Kobo. */
  prizeAmount: z.number().int().meta({ description: 'Kobo.' }),
  badgeTitle: z.string().nullable(),
});

export const ZEntry = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  entryType: z.enum(ENTRY_TYPES),
  status: z.enum(ENTRY_STATUSES),
  rejectionReason: z.string().nullable(),
  media: z.array(ZEntryMedia),
  tags: z.array(z.string()),
  settings: z.object({ allowSharing: z.boolean() }),
  votesCount: z.number().int(),
  weightedVotes: z.number().int(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  /** Present when the caller is signed in. */
  likedByMe: z.boolean().optional(),
  participant: ZEntryParticipant,
  contest: ZEntryContestSummary,
  /**
   * 1-based position among the contest's approved entries (most weightedVotes first, then oldest:
   * the server's RANKING_ORDER); null unless approved.
   */
  ranking: z.number().int().nullable(),
  createdAt: isoDate,
  submittedAt: isoDate,
});
export type TEntry = z.infer<typeof ZEntry>;

/**
 * A list of entries with `total` and `totalPages` mirrored at the top level: GET /entries/contest/:id
 * (GET /entries adds totalVotes: ZEntryBrowseList in entries.ts).
 */
export const ZEntryList = z.object({
  entries: z.array(ZEntry),
  total: z.number().int(),
  totalPages: z.number().int(),
  pagination: ZPagination,
});
export type TEntryList = z.infer<typeof ZEntryList>;

/** A My Entries card: the entry plus the approved entries of its contest (what `ranking` is out of). */
export const ZMyEntry = ZEntry.extend({ approvedEntries: z.number().int() });
export type TMyEntry = z.infer<typeof ZMyEntry>;

/** GET /entries/my-entries (spec 001 §7): data.entries, data.total, data.totalPages. */
export const ZMyEntriesList = ZEntryList.extend({ entries: z.array(ZMyEntry) });
export type TMyEntriesList = z.infer<typeof ZMyEntriesList>;

/** Readable labels of the report reasons (contests, entries, comments). */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  inappropriate_content: 'Inappropriate Content',
  harassment: 'Harassment',
  hate_speech: 'Hate Speech',
  violence: 'Violence',
  copyright_violation: 'Copyright Violation',
  fake_contest: 'Fake Contest',
  scam: 'Scam',
  other: 'Other',
};
export const REPORT_REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));
