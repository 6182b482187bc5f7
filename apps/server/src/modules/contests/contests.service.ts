/**
 * Contests: creation (tier limit, badge fee, prize escrow), browse and search, detail and stats,
 * edits, deletion, status changes (close entries, end, cancel). Money moves through the ledger in
 * the same transaction as the contest state it pays for; see contests.lifecycle.ts for the end and
 * cancellation, and contests.repository.ts for the lock order.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  BADGE_CONTEST_CREDIT_COST,
  CONTEST_CATEGORIES,
  FREE_TIER_CONTESTS_PER_MONTH,
  creditsToUnits,
  formatNaira,
  unitsToCredits,
  type ContestStatus,
  type TContest,
  type TContestCategoryCount,
  type TContestList,
  type TCreateContest,
  type TMyContests,
  type TUpdateContest,
  type CONTEST_SORTS,
  type ContestCategory,
  type EntryType,
  type PrizeType,
  type VotingType,
  watMonth,
  pageOf,
  type Actor,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contests, entries, users } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { authorize, can } from '../../lib/policy.js';
import { AppError, isAppError } from '../../lib/errors.js';
import { accounts } from '../ledger/accounts.js';
import { balanceOf, post } from '../ledger/ledger.js';
import { contestsUsedThisMonth } from '../users/users.service.js';
import { searchMatches, searchRank, searchTsQuery } from './contest-search.js';
import { viewToDto } from './contests.dto.js';
import { badgeFeeReference, escrowFundingReference, refundBadgeFee, refundEscrowToOrganizer } from './contest-funds.js';
import { contestNotFound, findContest, getContestForUpdate, isUuid, selectContestViews, type ContestRow } from './contests.repository.js';
import { coverKey, renderCover } from './contests.upload.js';
import { isPremium } from '../subscriptions/benefits.js';
import { phaseAt, statusForDates } from './phase.js';
import { recordEvent } from '../../lib/events/index.js';
import { contestCreated } from './contests.events.js';

// What other modules use from here.
export { toContestDto, viewToDto } from './contests.dto.js';
export { findContest, getContestForUpdate, loadContest, type ContestRow } from './contests.repository.js';

export type { Actor } from '@contesthub/shared';

export const CONTEST_MESSAGES = {
  created: 'Contest created successfully! Your contest is now live.',
  updated: 'Your contest has been updated successfully!',
  deleted: 'Contest deleted successfully',
  tierLimit: `You have reached your limit of ${FREE_TIER_CONTESTS_PER_MONTH} contests this month. Upgrade to Premium for unlimited contests.`,
  badgeCredits: `Insufficient vote credits. You need ${BADGE_CONTEST_CREDIT_COST} vote credits to create a badge contest.`,
  wallet: (kobo: number) => `Insufficient wallet balance. You need ${formatNaira(kobo)} in your wallet to fund this prize.`,
  entryEndPast: 'Entry end date must be in the future',
  hasEntries: 'Cannot delete a contest that already has entries',
  notOwner: 'You can only manage your own contests',
  ended: 'This contest has already ended',
  cancelled: 'This contest has been cancelled',
  endedNoEdit: 'This contest has ended and can no longer be edited',
  cancelledNoEdit: 'This contest has been cancelled and can no longer be edited',
  startLocked: 'The entry start date cannot be changed after entries have opened',
  entryEndLocked: 'Entries have closed, so the entry end date can no longer be changed',
  votingStartLocked: 'Voting has started, so the voting start date can no longer be changed',
  votingStartPast: 'Voting start date cannot be in the past',
  votingEndPast: 'Voting end date must be in the future',
  maxBelowEntries: (n: number) => `Max participants cannot be below the number of entries already received (${n})`,
  customCategory: 'Please enter a custom category',
  closed: 'Entries are closed and voting is now open.',
  endedNow: 'The contest has ended and its results are final.',
  cancelledNow: 'The contest has been cancelled and every payment refunded.',
  alreadyVoting: 'Entries are already closed for this contest',
  notOpenedYet: 'Entries have not opened yet. Cancel the contest instead if it should not go ahead.',
  votingOver: 'Voting for this contest has already ended',
  closeFirst: 'Close entries (move the contest to voting) before ending it',
  draftStatus: 'A draft contest cannot change status this way',
  searchTooShort: 'Search query must be at least 2 characters long',
  organizerNotFound: 'Organizer not found',
} as const;

const fieldError = (field: string, message: string) => AppError.badRequest(message, { errors: { [field]: message } });
/** The one contest-visibility rule (policy: drafts exist only for their organizer and staff). */
export const canSee = (row: ContestRow, viewer: Actor | undefined): boolean => can(viewer, 'contest.view', row);

export function assertCanManage(row: ContestRow, actor: Actor): void {
  authorize(actor, 'contest.manage', row, CONTEST_MESSAGES.notOwner);
}

export async function contestView(db: DbOrTx, id: string, at: Date): Promise<TContest> {
  const [view] = await selectContestViews(db).where(eq(contests.id, id));
  if (!view) throw contestNotFound();
  return viewToDto(view, at);
}

const pagination = (page: number, limit: number, total: number) => pageOf({ page, limit }, total);

// ---------------------------------------------------------------------------------------------
// Creation

type UserRow = typeof users.$inferSelect;

/** Premium (a live paid tier, or an admin) creates without the monthly limit. */
export function hasUnlimitedContests(user: Pick<UserRow, 'role' | 'subscriptionTier' | 'subscriptionExpiresAt'>, at: Date): boolean {
  return isPremium(user, at);
}

/** A ledger refusal inside the creation transaction, told with the spec's words. */
function prizeRefusal(err: unknown, input: TCreateContest): unknown {
  if (!isAppError(err)) return err;
  if (err.errorType === 'INSUFFICIENT_CREDITS') {
    return new AppError(400, CONTEST_MESSAGES.badgeCredits, 'INSUFFICIENT_CREDITS', { required: BADGE_CONTEST_CREDIT_COST });
  }
  if (err.errorType === 'INSUFFICIENT_BALANCE') {
    return new AppError(400, CONTEST_MESSAGES.wallet(input.prizeAmount), 'INSUFFICIENT_BALANCE', { required: input.prizeAmount });
  }
  return err;
}

/**
 * POST /api/contests. One transaction: the organizer's row is locked (so two creations at once
 * cannot both take the last free slot), the month's count is reset when the month changed, the
 * limit and the balances are checked, the contest inserted, the badge fee or the prize moved, and
 * the count raised. A cover image is stored first and removed again if the transaction fails.
 */
export async function createContest(ctx: AppContext, actor: Actor, input: TCreateContest, cover?: Buffer): Promise<TContest> {
  const at = now();
  if (new Date(input.entryEndDate) <= at) throw fieldError('entryEndDate', CONTEST_MESSAGES.entryEndPast);

  const id = randomUUID();
  const stored = await storeCover(ctx, id, cover);

  try {
    await ctx.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, actor.userId)).for('update');
      if (!user) throw AppError.unauthorized();
      const used = contestsUsedThisMonth(user, at);
      const sameMonth = !!user.lastContestReset && watMonth(user.lastContestReset) === watMonth(at);
      if (!hasUnlimitedContests(user, at) && used >= FREE_TIER_CONTESTS_PER_MONTH) {
        throw AppError.forbidden(CONTEST_MESSAGES.tierLimit, 'FORBIDDEN', { limit: FREE_TIER_CONTESTS_PER_MONTH, used });
      }

      const badgeUnits = creditsToUnits(BADGE_CONTEST_CREDIT_COST);
      if (input.prizeType === 'badge') {
        const available = await balanceOf(tx, accounts.userCredits(user.id));
        if (available < badgeUnits) {
          throw new AppError(400, CONTEST_MESSAGES.badgeCredits, 'INSUFFICIENT_CREDITS', {
            required: BADGE_CONTEST_CREDIT_COST,
            available: unitsToCredits(available),
            shortBy: unitsToCredits(badgeUnits - available),
          });
        }
      } else {
        const available = await balanceOf(tx, accounts.userWallet(user.id));
        if (available < input.prizeAmount) {
          throw new AppError(400, CONTEST_MESSAGES.wallet(input.prizeAmount), 'INSUFFICIENT_BALANCE', {
            required: input.prizeAmount,
            available,
            shortBy: input.prizeAmount - available,
          });
        }
      }

      const isCash = input.prizeType !== 'badge';
      await tx.insert(contests).values({
        id,
        organizerId: user.id,
        title: input.title,
        description: input.description,
        category: input.category,
        customCategory: input.category === 'other' ? (input.customCategory ?? null) : null,
        tags: input.tags,
        rules: input.rules,
        coverImage: stored?.url ?? null,
        status: 'active',
        prizeType: input.prizeType,
        prizeAmount: isCash ? input.prizeAmount : 0,
        prizeItems: input.prizeType === 'cashanditem' ? input.prizeItems : [],
        badgeTitle: input.prizeType === 'badge' ? (input.badgeTitle ?? null) : null,
        entryType: input.entryType,
        entryFee: input.entryFee,
        entryFeeAmount: input.entryFee === 'paid' ? creditsToUnits(input.entryFeeAmount) : 0,
        entryReview: input.entryReview,
        maxParticipants: input.maxParticipants ?? null,
        entryStartDate: new Date(input.entryStartDate),
        entryEndDate: new Date(input.entryEndDate),
        votingStartDate: new Date(input.votingStartDate),
        votingEndDate: new Date(input.votingEndDate),
        votingType: input.votingType,
        votingFeeAmount: input.votingType === 'free' ? 0 : creditsToUnits(input.votingFeeAmount),
        freeVotesPerUser: input.votingType === 'paid' ? 0 : input.freeVotesPerUser,
        maxVotesPerUser: input.maxVotesPerUser,
        restrictions: input.restrictions,
        settings: { ...input.settings, requireApproval: input.entryReview === 'review' },
        isAdminContest: user.role === 'admin',
        createdAt: at,
        updatedAt: at,
      });

      try {
        if (input.prizeType === 'badge') {
          await post(tx, {
            reference: badgeFeeReference(id),
            kind: 'contest_badge_fee',
            description: `Badge contest fee for "${input.title}"`,
            metadata: { contestId: id },
            lines: [
              { account: accounts.userCredits(user.id), amount: -badgeUnits },
              { account: accounts.platformRevenue('CREDIT'), amount: badgeUnits },
            ],
          });
        } else {
          await post(tx, {
            reference: escrowFundingReference(id),
            kind: 'contest_escrow',
            description: `Prize for "${input.title}" held in escrow`,
            metadata: { contestId: id },
            lines: [
              { account: accounts.userWallet(user.id), amount: -input.prizeAmount },
              { account: accounts.contestEscrow(id, 'NGN'), amount: input.prizeAmount },
            ],
          });
        }
      } catch (err) {
        // Spent elsewhere between the check and the post: same refusal, same words.
        throw prizeRefusal(err, input);
      }

      await tx
        .update(users)
        .set({ monthlyContestCount: used + 1, lastContestReset: sameMonth ? user.lastContestReset : at, updatedAt: at })
        .where(eq(users.id, user.id));
      await recordEvent(tx, contestCreated, { contestId: id, organizerId: user.id, status: 'active' }, { actorId: user.id });
    });
  } catch (err) {
    await discardCover(ctx, stored);
    throw err;
  }
  return contestView(ctx.db, id, now());
}

// ---------------------------------------------------------------------------------------------
// Browse and search

export type ContestSort = (typeof CONTEST_SORTS)[number];

export interface ContestListQuery {
  page: number;
  limit: number;
  status?: ContestStatus | undefined;
  category?: ContestCategory | undefined;
  entryType?: EntryType | undefined;
  prizeType?: PrizeType | undefined;
  entryFee?: 'free' | 'paid' | undefined;
  votingType?: VotingType | undefined;
  search?: string | undefined;
  /** Without one: relevance when searching, else newest. */
  sortBy?: ContestSort | undefined;
}

/**
 * Contests whose status at `at` is `status` as the answers show it (statusForDates): the stored
 * status, moved along by the dates the scheduler may not have caught up with yet.
 */
export function statusIs(status: ContestStatus, at: Date): SQL {
  switch (status) {
    case 'draft':
    case 'cancelled':
      return eq(contests.status, status);
    case 'active':
      return and(eq(contests.status, 'active'), gt(contests.entryEndDate, at))!;
    case 'voting':
      return and(
        gt(contests.votingEndDate, at),
        or(eq(contests.status, 'voting'), and(eq(contests.status, 'active'), lte(contests.entryEndDate, at))),
      )!;
    case 'ended':
      return or(eq(contests.status, 'ended'), and(inArray(contests.status, ['active', 'voting']), lte(contests.votingEndDate, at)))!;
  }
}

/** `tsq`: the expanded search (contest-search.ts) when the query has a search. */
function listWhere(q: ContestListQuery, at: Date, tsq: string | undefined): SQL | undefined {
  return and(
    ne(contests.status, 'draft'),
    q.status ? statusIs(q.status, at) : undefined,
    q.category ? eq(contests.category, q.category) : undefined,
    q.entryType ? eq(contests.entryType, q.entryType) : undefined,
    q.prizeType ? eq(contests.prizeType, q.prizeType) : undefined,
    q.entryFee ? eq(contests.entryFee, q.entryFee) : undefined,
    q.votingType ? eq(contests.votingType, q.votingType) : undefined,
    tsq ? searchMatches(tsq) : undefined,
  );
}

function listOrder(sort: ContestSort, tsq: string | undefined, at: Date): SQL[] {
  const newest = [desc(contests.createdAt), desc(contests.id)];
  switch (sort) {
    case 'relevance':
      return tsq ? [sql`${searchRank(tsq)} desc`, ...newest] : newest;
    case 'oldest':
      return [asc(contests.createdAt), asc(contests.id)];
    case 'deadline': {
      // Contests still taking entries first, closest deadline first; the rest after, most recently closed first.
      const open = sql`(${contests.status} = 'active' and ${contests.entryEndDate} > ${at.toISOString()}::timestamptz)`;
      return [
        sql`case when ${open} then 0 else 1 end`,
        sql`case when ${open} then ${contests.entryEndDate} end asc nulls last`,
        desc(contests.entryEndDate),
        desc(contests.id),
      ];
    }
    case 'entries':
      return [desc(contests.totalEntries), ...newest];
    case 'prize':
      return [desc(contests.prizeAmount), ...newest];
    case 'votes':
      return [desc(contests.totalVotes), ...newest];
    case 'newest':
      return newest;
  }
}

/** GET /api/contests (and /search): every filter, search, sort and page; drafts never listed. */
export async function listContests(ctx: AppContext, q: ContestListQuery): Promise<TContestList> {
  const at = now();
  const search = q.search?.trim() || undefined;
  const query = { ...q, search };
  const sort = q.sortBy ?? (search ? 'relevance' : 'newest');
  const tsq = search ? await searchTsQuery(ctx.db, search) : undefined;
  // A search without a single word (only punctuation) matches nothing.
  if (search && !tsq) {
    const none = pagination(q.page, q.limit, 0);
    return { contests: [], pagination: none, totalContests: 0, totalPages: none.totalPages };
  }
  const where = listWhere(query, at, tsq ?? undefined);
  // Deferred join: the page is chosen on narrow rows (id and sort keys), then only its contests are
  // read whole with their organizer and winner. Sorting every wide row spilled to disk (bench/browse).
  const [pageIds, [counted]] = await Promise.all([
    ctx.db
      .select({ id: contests.id })
      .from(contests)
      .where(where)
      .orderBy(...listOrder(sort, tsq ?? undefined, at))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ n: count() }).from(contests).where(where),
  ]);
  const views = pageIds.length
    ? await selectContestViews(ctx.db).where(
        inArray(
          contests.id,
          pageIds.map((r) => r.id),
        ),
      )
    : [];
  const byId = new Map(views.map((v) => [v.contest.id, v]));
  const rows = pageIds.flatMap((r) => byId.get(r.id) ?? []);
  const total = counted?.n ?? 0;
  const page = pagination(q.page, q.limit, total);
  return { contests: rows.map((r) => viewToDto(r, at)), pagination: page, totalContests: total, totalPages: page.totalPages };
}

/** GET /api/contests/search?q: the list's search, ranked by relevance. */
export async function searchContests(ctx: AppContext, q: { q: string; page: number; limit: number }): Promise<TContestList> {
  const term = q.q.trim();
  if (term.length < 2) throw fieldError('q', CONTEST_MESSAGES.searchTooShort);
  return listContests(ctx, { page: q.page, limit: q.limit, search: term, sortBy: 'relevance' });
}

/** GET /api/contests/featured: featured contests first, then the busiest open ones. */
export async function featuredContests(ctx: AppContext, limit: number): Promise<TContest[]> {
  const at = now();
  const rows = await selectContestViews(ctx.db)
    .where(or(statusIs('active', at), statusIs('voting', at)))
    .orderBy(desc(contests.isFeatured), desc(contests.totalEntries), desc(contests.totalVotes), desc(contests.createdAt), desc(contests.id))
    .limit(limit);
  return rows.map((r) => viewToDto(r, at));
}

/** GET /api/contests/categories: every category with its number of (non-draft) contests. */
export async function contestCategories(ctx: AppContext): Promise<TContestCategoryCount[]> {
  const at = now();
  const rows = await ctx.db
    .select({
      category: contests.category,
      n: count(),
      active: sql<number>`count(*) filter (where ${or(statusIs('active', at), statusIs('voting', at))})`.mapWith(Number),
    })
    .from(contests)
    .where(ne(contests.status, 'draft'))
    .groupBy(contests.category);
  const byCategory = new Map(rows.map((r) => [r.category, r]));
  return CONTEST_CATEGORIES.map((category) => ({
    category,
    count: byCategory.get(category)?.n ?? 0,
    activeCount: byCategory.get(category)?.active ?? 0,
  }));
}

// ---------------------------------------------------------------------------------------------
// One contest

/** GET /api/contests/:id. */
export async function getContest(ctx: AppContext, id: string, viewer: Actor | undefined): Promise<TContest> {
  if (!isUuid(id)) throw contestNotFound();
  const at = now();
  const [view] = await selectContestViews(ctx.db).where(eq(contests.id, id));
  if (!view || !canSee(view.contest, viewer)) throw contestNotFound();
  return viewToDto(view, at);
}

export interface OwnerListQuery {
  page: number;
  limit: number;
  status?: ContestStatus | undefined;
}

async function contestsWhere(ctx: AppContext, where: SQL | undefined, q: OwnerListQuery): Promise<TMyContests> {
  const at = now();
  const [rows, [counted]] = await Promise.all([
    selectContestViews(ctx.db)
      .where(where)
      .orderBy(desc(contests.createdAt), desc(contests.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ n: count() }).from(contests).where(where),
  ]);
  const total = counted?.n ?? 0;
  const page = pagination(q.page, q.limit, total);
  return { contests: rows.map((r) => viewToDto(r, at)), pagination: page, total, totalPages: page.totalPages };
}

/** GET /api/contests/organizer/:id: an organizer's published contests, newest first. */
export async function organizerContests(ctx: AppContext, organizerId: string, q: OwnerListQuery): Promise<TMyContests> {
  const notFound = () => AppError.notFound(CONTEST_MESSAGES.organizerNotFound);
  if (!isUuid(organizerId)) throw notFound();
  const [user] = await ctx.db.select({ status: users.status, isActive: users.isActive }).from(users).where(eq(users.id, organizerId));
  if (!user || user.status === 'banned' || !user.isActive) throw notFound();
  return contestsWhere(
    ctx,
    and(eq(contests.organizerId, organizerId), ne(contests.status, 'draft'), q.status ? statusIs(q.status, now()) : undefined),
    q,
  );
}

/** GET /api/contests/my-contests: the caller's contests of every status, newest first. */
export async function myContests(ctx: AppContext, userId: string, q: OwnerListQuery): Promise<TMyContests> {
  return contestsWhere(ctx, and(eq(contests.organizerId, userId), q.status ? statusIs(q.status, now()) : undefined), q);
}

// ---------------------------------------------------------------------------------------------
// Edit

function assertEditable(row: ContestRow, at: Date): void {
  const status = statusForDates(row, at);
  if (status === 'cancelled') throw AppError.conflict(CONTEST_MESSAGES.cancelledNoEdit);
  if (status === 'ended' || row.finalizedAt) throw AppError.conflict(CONTEST_MESSAGES.endedNoEdit);
}

type Dates = Pick<ContestRow, 'entryStartDate' | 'entryEndDate' | 'votingStartDate' | 'votingEndDate'>;

/**
 * New dates for an edit (spec 001 §5 edit dialog), judged against the contest as it stands:
 * - the entry start date is fixed once entries have opened;
 * - the entry end date is fixed once entries have closed, and otherwise must stay in the future
 *   (closing entries early is PATCH status voting, which also opens voting);
 * - the voting start date is fixed once voting has started, and may not be set in the past;
 * - the voting end date must stay in the future (ending early is PATCH status ended);
 * - the order entry start < entry end ≤ voting start < voting end always holds.
 */
function nextDates(row: ContestRow, input: TUpdateContest, at: Date): Dates {
  const next: Dates = {
    entryStartDate: input.entryStartDate ? new Date(input.entryStartDate) : row.entryStartDate,
    entryEndDate: input.entryEndDate ? new Date(input.entryEndDate) : row.entryEndDate,
    votingStartDate: input.votingStartDate ? new Date(input.votingStartDate) : row.votingStartDate,
    votingEndDate: input.votingEndDate ? new Date(input.votingEndDate) : row.votingEndDate,
  };
  const changed = (k: keyof Dates) => next[k].getTime() !== row[k].getTime();
  const phase = phaseAt(row, at);
  const entriesOpened = phase !== 'upcoming';
  const entriesClosed = phase === 'awaiting_voting' || phase === 'voting';

  if (changed('entryStartDate') && entriesOpened) throw AppError.conflict(CONTEST_MESSAGES.startLocked);
  if (changed('entryEndDate')) {
    if (entriesClosed) throw AppError.conflict(CONTEST_MESSAGES.entryEndLocked);
    if (next.entryEndDate <= at) throw fieldError('entryEndDate', CONTEST_MESSAGES.entryEndPast);
  }
  if (changed('votingStartDate')) {
    if (phase === 'voting') throw AppError.conflict(CONTEST_MESSAGES.votingStartLocked);
    if (next.votingStartDate < at) throw fieldError('votingStartDate', CONTEST_MESSAGES.votingStartPast);
  }
  if (changed('votingEndDate') && next.votingEndDate <= at) throw fieldError('votingEndDate', CONTEST_MESSAGES.votingEndPast);

  if (next.entryEndDate <= next.entryStartDate) throw fieldError('entryEndDate', 'Entry end date must be after the entry start date');
  if (next.votingStartDate < next.entryEndDate) throw fieldError('votingStartDate', 'Voting cannot start before entries close');
  if (next.votingEndDate <= next.votingStartDate) throw fieldError('votingEndDate', 'Voting end date must be after the voting start date');
  return next;
}

/**
 * PUT /api/contests/:id by the organizer or an admin. Prize, fees, entry type and voting rules
 * are fixed once the contest exists (money is in escrow, entries match the type); see
 * ZUpdateContest. A new cover replaces the old one, whose file is removed after the commit.
 */
export async function updateContest(ctx: AppContext, actor: Actor, id: string, input: TUpdateContest, cover?: Buffer): Promise<TContest> {
  // Checked before a file is stored; checked again under the lock below.
  const current = await findContest(ctx.db, id);
  if (!current || !canSee(current, actor)) throw contestNotFound();
  assertCanManage(current, actor);
  assertEditable(current, now());

  const stored = await storeCover(ctx, id, cover);

  let previousCover: string | null = null;
  try {
    previousCover = await ctx.db.transaction(async (tx) => {
      const at = now();
      const row = await getContestForUpdate(tx, id);
      assertCanManage(row, actor);
      assertEditable(row, at);
      const dates = nextDates(row, input, at);

      const category = input.category ?? row.category;
      const customCategory = category === 'other' ? (input.customCategory ?? row.customCategory) : null;
      if (category === 'other' && !customCategory?.trim()) throw fieldError('customCategory', CONTEST_MESSAGES.customCategory);
      if (input.maxParticipants != null && input.maxParticipants < row.totalEntries) {
        throw fieldError('maxParticipants', CONTEST_MESSAGES.maxBelowEntries(row.totalEntries));
      }

      await tx
        .update(contests)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          category,
          customCategory,
          ...(input.maxParticipants !== undefined ? { maxParticipants: input.maxParticipants } : {}),
          ...(input.rules !== undefined ? { rules: input.rules } : {}),
          ...(input.tags !== undefined ? { tags: input.tags } : {}),
          ...(input.restrictions !== undefined ? { restrictions: input.restrictions } : {}),
          // requireApproval mirrors entryReview, which an edit cannot change.
          ...(input.settings !== undefined ? { settings: { ...input.settings, requireApproval: row.entryReview === 'review' } } : {}),
          ...(stored ? { coverImage: stored.url } : {}),
          ...dates,
          updatedAt: at,
        })
        .where(eq(contests.id, id));
      return row.coverImage;
    });
  } catch (err) {
    await discardCover(ctx, stored);
    throw err;
  }

  if (stored) await removeCover(ctx, id, previousCover);
  return contestView(ctx.db, id, now());
}

/** Renders and stores an uploaded cover before the transaction that points the contest at it. */
async function storeCover(ctx: AppContext, contestId: string, cover: Buffer | undefined) {
  if (!cover) return undefined;
  const image = await renderCover(cover);
  return ctx.storage.put(coverKey(contestId), image, { contentType: 'image/webp', contentLength: image.length });
}

/** Removes a cover stored for a transaction that then failed (nothing points at it). */
async function discardCover(ctx: AppContext, stored: { key: string } | undefined): Promise<void> {
  if (!stored) return;
  await ctx.storage.delete(stored.key).catch((err: unknown) => ctx.log.warn({ err, key: stored.key }, 'could not remove unused cover'));
}

/** Removes a cover file this contest uploaded (never a url set by seed data or pointing elsewhere). */
async function removeCover(ctx: AppContext, contestId: string, url: string | null): Promise<void> {
  const key = url ? ctx.storage.keyOf(url) : undefined;
  if (!key || !key.startsWith(`covers/${contestId}/`)) return;
  await ctx.storage.delete(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'could not remove a contest cover'));
}

// ---------------------------------------------------------------------------------------------
// Delete

/**
 * DELETE /api/contests/:id by the organizer or an admin, only while nobody has entered: the
 * escrowed prize goes back to the organizer's wallet and the badge fee to their credits, in the
 * same transaction that deletes the row. The row is really deleted (no foreign key stops it:
 * entries, votes, comments and badges cascade, and there are none of the first two); the ledger
 * keeps the history under the contest's id. The monthly contest count is not given back: the
 * free-tier limit counts contests created.
 */
export async function deleteContest(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ escrowRefunded: number; badgeFeeRefunded: number }> {
  const result = await ctx.db.transaction(async (tx) => {
    const row = await getContestForUpdate(tx, id);
    if (!canSee(row, actor)) throw contestNotFound();
    assertCanManage(row, actor);
    // Under the row lock: an entry being inserted holds a key-share lock on this row (its foreign
    // key), so it either committed before this count or waits and then fails on the missing contest.
    const [entryCount] = await tx.select({ n: count() }).from(entries).where(eq(entries.contestId, id));
    if (row.totalEntries > 0 || (entryCount?.n ?? 0) > 0) throw AppError.conflict(CONTEST_MESSAGES.hasEntries);

    const escrowRefunded = await refundEscrowToOrganizer(tx, row, 'delete');
    const badgeFeeRefunded = await refundBadgeFee(tx, row, 'delete');
    await tx.delete(contests).where(eq(contests.id, id));
    return { escrowRefunded, badgeFeeRefunded: unitsToCredits(badgeFeeRefunded), coverImage: row.coverImage };
  });
  await removeCover(ctx, id, result.coverImage);
  return { escrowRefunded: result.escrowRefunded, badgeFeeRefunded: result.badgeFeeRefunded };
}
