/**
 * Account standing (issue 15): strikes a staff member gives an account (a warning, content removed,
 * a ban), shown to the person with their reason on the Account Standing section of their settings;
 * each may be appealed once, within 20 days, in up to 2000 characters, and is decided by a staff
 * member other than the one who issued it (Mastodon's account warnings and appeals).
 */
import { z } from 'zod';
import { ZPagination, pageQuery } from './pagination.js';

export const STRIKE_KINDS = ['warning', 'content_removed', 'ban'] as const;
export type StrikeKind = (typeof STRIKE_KINDS)[number];

export const APPEAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** Days after a strike within which it may be appealed. */
export const APPEAL_WINDOW_DAYS = 20;
/** Longest appeal text. */
export const APPEAL_MAX_LENGTH = 2000;

export const STRIKE_KIND_LABELS: Record<StrikeKind, string> = {
  warning: 'Warning',
  content_removed: 'Content removed',
  ban: 'Account banned',
};

export const STANDING_MESSAGES = {
  appealRequired: 'Please explain why this decision should be reconsidered',
  appealTooLong: `Your appeal must be at most ${APPEAL_MAX_LENGTH} characters`,
  appealFiled: 'Your appeal has been submitted',
  appealTwice: 'You have already appealed this strike',
  appealTooLate: `Strikes can only be appealed within ${APPEAL_WINDOW_DAYS} days`,
  strikeNotFound: 'Strike not found',
  appealNotFound: 'Appeal not found',
  appealDecided: 'This appeal has already been decided',
  sameStaff: 'An appeal must be decided by a staff member other than the one who issued the strike',
  ownAppeal: 'You cannot decide an appeal of your own',
  approved: 'Appeal approved',
  rejected: 'Appeal rejected',
  noteRequired: 'Please add a note for the user',
  fetchStandingFailed: 'Failed to load account standing',
  fetchAppealsFailed: 'Failed to fetch appeals',
  appealLinkInvalid: 'This appeal link is invalid or has expired',
} as const;

export const ZAppealView = z.object({
  id: z.string(),
  strikeId: z.string(),
  status: z.enum(APPEAL_STATUSES),
  text: z.string(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TAppealView = z.infer<typeof ZAppealView>;

export const ZStrikeView = z.object({
  id: z.string(),
  kind: z.enum(STRIKE_KINDS),
  reason: z.string(),
  createdAt: z.string(),
  /** Related item (a report, a comment, an entry), when the strike came from one. */
  relatedType: z.string().nullable(),
  relatedId: z.string().nullable(),
  appeal: ZAppealView.nullable(),
  /** Last moment an appeal is accepted (created + 20 days). */
  appealDeadline: z.string(),
  canAppeal: z.boolean(),
});
export type TStrikeView = z.infer<typeof ZStrikeView>;

export const ZStanding = z.object({ strikes: z.array(ZStrikeView) });
export type TStanding = z.infer<typeof ZStanding>;

export const ZAppealText = z
  .string({ error: STANDING_MESSAGES.appealRequired })
  .trim()
  .min(1, STANDING_MESSAGES.appealRequired)
  .max(APPEAL_MAX_LENGTH, STANDING_MESSAGES.appealTooLong);

export const ZAppealRequest = z.object({ text: ZAppealText });
export type TAppealRequest = z.infer<typeof ZAppealRequest>;

export const ZAppealsQuery = z.object({
  ...pageQuery({ defaultLimit: 10 }),
  status: z.enum(APPEAL_STATUSES, { error: 'Status must be pending, approved or rejected' }).optional(),
});
export type TAppealsQuery = z.infer<typeof ZAppealsQuery>;

/** An appeal as staff see it in the queue. */
export const ZStaffAppeal = ZAppealView.extend({
  user: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  strike: z.object({ kind: z.enum(STRIKE_KINDS), reason: z.string(), createdAt: z.string(), issuedBy: z.string().nullable() }),
  decidedBy: z.string().nullable(),
});
export type TStaffAppeal = z.infer<typeof ZStaffAppeal>;

export const ZAppealsPage = z.object({ appeals: z.array(ZStaffAppeal), pagination: ZPagination });
export type TAppealsPage = z.infer<typeof ZAppealsPage>;

export const ZAppealDecision = z.object({
  decision: z.enum(['approved', 'rejected'], { error: 'Decision must be approved or rejected' }),
  note: z
    .string({ error: STANDING_MESSAGES.noteRequired })
    .trim()
    .min(1, STANDING_MESSAGES.noteRequired)
    .max(1000, 'Note must be at most 1000 characters'),
});
export type TAppealDecision = z.infer<typeof ZAppealDecision>;

/** The ban appeal page's address (the link of the ban mail) and its form post. */
export const ZBanAppealQuery = z.object({ token: z.string().max(512).optional() });
export const ZBanAppealForm = z.object({ text: z.string().max(20_000).optional() });
