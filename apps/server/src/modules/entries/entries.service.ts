/**
 * Entries: submission (multipart, content-checked, paid through the ledger), reads, edits,
 * deletion and likes. Organizer review lives in entry-review.service.ts.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, asc, desc, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  PROFILE_COMPLETION_MIN_TO_ENTER,
  ZCreateEntry,
  profileCompletion,
  unitsToCredits,
  type EntryType,
  type TCreateEntry,
  type UserRole,
  ageOn,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contests, entries, entryLikes, users, votes, type ContestRestrictions, type EntryMedia } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { assertAcceptingEntries } from '../contests/phase.js';
import type { UserRow } from '../users/users.service.js';
import { assertCanPay, chargeEntryFee, refundEntryFee } from './entry-fees.js';
import type { FormFields, FormReader } from './entry-intake.js';
import {
  deleteStored,
  ENTRY_UPLOAD_LIMITS,
  fileTooLarge,
  fileTooLargeForTier,
  maxUploadBytes,
  mediaKeys,
  recognise,
  storeEntryFile,
  type UploadTier,
} from './entry-media.js';
import {
  approvedCounts,
  entryPage,
  findEntries,
  findEntry,
  leaderboard,
  loadContest,
  loadEntry,
  participantsOf,
  refreshContestCounters,
  statusCounts,
  voteBreakdown,
  type ContestRow,
  type EntryRow,
} from './entries.repository.js';
import { isPremium } from '../subscriptions/benefits.js';
import type { TEntry, TEntryListQuery, TMyEntriesList, TUpdateEntry } from './entries.schemas.js';
import { recordEvent } from '../../lib/events/index.js';
import { entrySubmitted } from './entries.events.js';

/** Who is calling: enough to decide what they may see and do. */
export interface Actor {
  userId: string;
  role: UserRole;
}

export const ENTRY_MESSAGES = {
  notFound: 'Entry not found',
  contestNotFound: 'Contest not found',
  submittedLive: 'Your entry has been submitted and is now live!',
  submittedPending: 'Your entry has been submitted and is awaiting approval.',
  profileIncomplete:
    'Please complete your profile before submitting entries. You need to fill in at least 50% of your profile information.',
  ownContest: 'You cannot submit an entry to your own contest',
  wrongType: (type: string) => `This contest only accepts ${type} entries`,
  alreadyEntered: 'You have already submitted an entry to this contest',
  contestFull: 'This contest has reached its maximum number of participants',
  noFile: 'Please upload at least one file',
  notYours: 'You can only change your own entries',
  notEditable: 'Only pending or approved entries can be edited',
  hasVotes: 'Entries that have received votes cannot be deleted',
  hasPaidVotes: 'This entry has paid votes and cannot be deleted until they are refunded',
  isWinner: 'The winning entry of a contest cannot be deleted',
  notApprovedForLikes: 'Only approved entries can be liked',
} as const;

const isAdmin = (actor: Actor | undefined) => actor?.role === 'admin';

/**
 * Which entries a caller may see: approved ones; plus, for a signed-in caller, their own and every
 * entry of the contests they organize; admins see all. Reads join contests, so this can use it.
 */
export function visibleTo(actor: Actor | undefined): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  if (!actor) return eq(entries.status, 'approved');
  return or(eq(entries.status, 'approved'), eq(entries.participantId, actor.userId), eq(contests.organizerId, actor.userId));
}

// ---------------------------------------------------------------------------------------------
// Eligibility

/** Premium uploads: a paid tier that has not expired, or an admin. */
export function uploadTier(user: UserRow, at: Date): UploadTier {
  return isPremium(user, at) ? 'premium' : 'free';
}

export function completionOf(user: UserRow): number {
  return profileCompletion({
    fullName: user.fullName,
    email: user.email,
    phone: user.phone,
    profilePicture: user.profilePicture,
    bio: user.bio,
    dateOfBirth: user.dateOfBirth,
    gender: user.gender,
    state: user.locationState,
    city: user.locationCity,
  });
}

function requirementsRefusal(detail: string, requirement: 'age' | 'location' | 'gender'): AppError {
  // The client shows a 'Contest Requirements' toast for a 403 whose message mentions them.
  return AppError.forbidden(`You do not meet the contest requirements: ${detail}`, 'FORBIDDEN', { requirement });
}

/** Age (from dateOfBirth), state and gender restrictions of the contest. */
export function assertMeetsRestrictions(r: ContestRestrictions, user: UserRow, at: Date): void {
  const minAge = r.minAge ?? null;
  const maxAge = r.maxAge ?? null;
  if (r.ageRestriction && (minAge !== null || maxAge !== null)) {
    const range =
      minAge !== null && maxAge !== null
        ? `ages ${minAge} to ${maxAge}`
        : minAge !== null
          ? `ages ${minAge} and over`
          : `ages up to ${maxAge}`;
    if (!user.dateOfBirth) throw requirementsRefusal(`this contest is for ${range}. Add your date of birth to your profile.`, 'age');
    const age = ageOn(user.dateOfBirth, at);
    if ((minAge !== null && age < minAge) || (maxAge !== null && age > maxAge))
      throw requirementsRefusal(`this contest is for ${range}`, 'age');
  }
  const states = r.allowedLocations ?? [];
  if (r.locationRestriction && states.length > 0) {
    const mine = user.locationState?.trim().toLowerCase();
    if (!mine || !states.some((s) => s.toLowerCase() === mine)) {
      throw requirementsRefusal(
        `this contest is open to entrants from ${states.join(', ')}${mine ? '' : '. Add your state to your profile.'}`,
        'location',
      );
    }
  }
  const genders = r.allowedGenders ?? [];
  if (r.genderRestriction && genders.length > 0 && (!user.gender || !genders.includes(user.gender))) {
    throw requirementsRefusal(`this contest is open to ${genders.join(' and ')} entrants only`, 'gender');
  }
}

const feeUnits = (contest: ContestRow) => (contest.entryFee === 'paid' ? contest.entryFeeAmount : 0);

/**
 * Every rule a submission must pass, in the order a participant would fix them. Run once before
 * any file is stored (a quick refusal), then again inside the transaction under the contest's row
 * lock, where the duplicate and participant-limit checks are authoritative.
 */
async function assertEligible(db: DbOrTx, user: UserRow, contest: ContestRow, entryType: EntryType | undefined, at: Date): Promise<void> {
  assertAcceptingEntries(contest, at);
  if (contest.organizerId === user.id) throw AppError.forbidden(ENTRY_MESSAGES.ownContest);
  if (entryType && entryType !== contest.entryType) {
    const message = ENTRY_MESSAGES.wrongType(contest.entryType);
    throw AppError.badRequest(message, { errors: { entryType: message }, contestEntryType: contest.entryType });
  }
  const completion = completionOf(user);
  if (completion < PROFILE_COMPLETION_MIN_TO_ENTER) {
    throw AppError.forbidden(ENTRY_MESSAGES.profileIncomplete, 'FORBIDDEN', {
      profileCompletion: completion,
      requiredCompletion: PROFILE_COMPLETION_MIN_TO_ENTER,
    });
  }
  assertMeetsRestrictions(contest.restrictions, user, at);
  if (!contest.settings.allowMultipleEntries) {
    // A rejected entry does not count: its author may fix it and submit again. A disqualified one does.
    const [existing] = await db
      .select({ id: entries.id })
      .from(entries)
      .where(
        and(
          eq(entries.contestId, contest.id),
          eq(entries.participantId, user.id),
          inArray(entries.status, ['pending', 'approved', 'disqualified']),
        ),
      )
      .limit(1);
    if (existing) throw AppError.conflict(ENTRY_MESSAGES.alreadyEntered);
  }
  if (contest.maxParticipants !== null) {
    const participants = await participantsOf(db, contest.id, user.id);
    if (!participants.includesUser && participants.count >= contest.maxParticipants) throw AppError.conflict(ENTRY_MESSAGES.contestFull);
  }
  await assertCanPay(db, user.id, feeUnits(contest));
}

// ---------------------------------------------------------------------------------------------
// Submission

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function lastValue(fields: FormFields, name: string): unknown {
  const values = fields.get(name);
  return values?.[values.length - 1];
}

function parseJsonField(value: unknown, field: string, message: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw AppError.badRequest(message, { errors: { [field]: message } });
  }
}

/** Tags come as a JSON array string, as repeated fields (`tags` or `tags[]`), or comma-separated. */
function tagsOf(fields: FormFields): unknown {
  const values = [...(fields.get('tags') ?? []), ...(fields.get('tags[]') ?? [])];
  if (values.length === 0) return undefined;
  if (values.length > 1) return values;
  const [only] = values;
  if (typeof only !== 'string') return only;
  const text = only.trim();
  if (text === '') return [];
  if (text.startsWith('[')) return parseJsonField(text, 'tags', 'Tags must be a JSON array of strings');
  return text.split(',').filter((t) => t.trim() !== '');
}

function settingsOf(fields: FormFields): unknown {
  const settings = lastValue(fields, 'settings');
  if (settings !== undefined) return parseJsonField(settings, 'settings', 'Settings must be a JSON object');
  const allowSharing = lastValue(fields, 'allowSharing');
  if (allowSharing === undefined) return undefined;
  return { allowSharing: allowSharing === true || allowSharing === 'true' };
}

/** The form's fields validated with the shared ZCreateEntry (same messages as the submit modal). */
export function parseEntryFields(fields: FormFields): TCreateEntry {
  const raw = {
    contestId: lastValue(fields, 'contestId'),
    title: lastValue(fields, 'title'),
    description: lastValue(fields, 'description'),
    entryType: lastValue(fields, 'entryType'),
    tags: tagsOf(fields),
    settings: settingsOf(fields),
  };
  const result = ZCreateEntry.safeParse(raw);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || 'request'] ??= issue.message;
  throw AppError.badRequest(Object.values(errors)[0] ?? 'Please check your input and try again', {
    errors,
    errorCount: Object.keys(errors).length,
  });
}

async function loadUser(db: DbOrTx, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.unauthorized();
  return user;
}

export interface SubmitResult {
  entry: TEntry;
  status: EntryRow['status'];
  requiresApproval: boolean;
  message: string;
}

/** Whether new entries wait for the organizer: review mode, or the requireApproval setting. */
const needsApproval = (contest: ContestRow) => contest.entryReview === 'review' || contest.settings.requireApproval === true;

/**
 * POST /api/entries. Files are spooled to private temp files while the request streams in (size
 * limits enforced on the way), then checked by content and stored; the entry row, its fee and the
 * contest counters are written in one transaction under the contest's row lock. Anything failing
 * after a file was stored removes the stored files again.
 */
export async function submitEntry(ctx: AppContext, userId: string, readForm: FormReader): Promise<SubmitResult> {
  const user = await loadUser(ctx.db, userId);
  const tier = uploadTier(user, now());

  const form = await readForm({
    tmpDir: path.join(ctx.config.dataDir, 'tmp', 'uploads'),
    maxFileBytes: maxUploadBytes(tier),
    tooLarge: () => fileTooLargeForTier(tier),
    // Fields sent before the files (the usual FormData order) let a refusal come before the upload.
    beforeFirstFile: async (fields) => {
      const contestId = lastValue(fields, 'contestId');
      if (typeof contestId !== 'string' || !UUID.test(contestId)) return undefined;
      const contest = await loadContest(ctx.db, contestId);
      if (!contest) throw AppError.notFound(ENTRY_MESSAGES.contestNotFound);
      const entryType = lastValue(fields, 'entryType');
      await assertEligible(ctx.db, user, contest, typeof entryType === 'string' ? (entryType as EntryType) : undefined, now());
      return { maxBytes: ENTRY_UPLOAD_LIMITS[tier][contest.entryType], tooLarge: () => fileTooLarge(contest.entryType, tier) };
    },
  });

  const storedKeys: string[] = [];
  try {
    const input = parseEntryFields(form.fields);
    const contest = await loadContest(ctx.db, input.contestId);
    if (!contest) throw AppError.notFound(ENTRY_MESSAGES.contestNotFound);
    await assertEligible(ctx.db, user, contest, input.entryType, now());
    if (form.files.length === 0) throw AppError.badRequest(ENTRY_MESSAGES.noFile, { errors: { files: ENTRY_MESSAGES.noFile } });

    const limit = ENTRY_UPLOAD_LIMITS[tier][contest.entryType];
    const recognised = [];
    for (const file of form.files) {
      if (file.size > limit) throw fileTooLarge(contest.entryType, tier);
      recognised.push({ file, kind: await recognise(file.path, file.size, file.filename, contest.entryType) });
    }

    const entryId = randomUUID();
    const prefix = `entries/${contest.id}/${entryId}`;
    const media: EntryMedia[] = [];
    for (const { file, kind } of recognised) {
      media.push(await storeEntryFile(ctx.storage, file, kind, prefix, (key) => storedKeys.push(key)));
    }

    const status = needsApproval(contest) ? 'pending' : 'approved';
    await ctx.db.transaction(async (tx) => {
      const locked = await loadContest(tx, contest.id, { lock: true });
      if (!locked) throw AppError.notFound(ENTRY_MESSAGES.contestNotFound);
      const at = now();
      await assertEligible(tx, user, locked, input.entryType, at);
      await chargeEntryFee(tx, { entryId, contestId: locked.id, contestTitle: locked.title, userId, units: feeUnits(locked) });
      await tx.insert(entries).values({
        id: entryId,
        contestId: locked.id,
        participantId: userId,
        title: input.title,
        description: input.description,
        entryType: locked.entryType,
        status,
        media,
        tags: input.tags,
        allowSharing: input.settings.allowSharing,
        reviewedAt: status === 'approved' ? at : null,
        createdAt: at,
        updatedAt: at,
      });
      await refreshContestCounters(tx, locked.id);
      await recordEvent(
        tx,
        entrySubmitted,
        { entryId, contestId: locked.id, participantId: userId, organizerId: locked.organizerId, status },
        { actorId: userId },
      );
    });

    const entry = await findEntry(ctx.db, entryId, userId);
    if (!entry) throw new Error(`entry ${entryId} vanished after insert`);
    const requiresApproval = status === 'pending';
    return {
      entry,
      status,
      requiresApproval,
      message: requiresApproval ? ENTRY_MESSAGES.submittedPending : ENTRY_MESSAGES.submittedLive,
    };
  } catch (err) {
    await deleteStored(ctx.storage, storedKeys, ctx.log);
    throw err;
  } finally {
    await form.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// Reads

type SortKey = 'newest' | 'oldest' | 'popular' | 'votes' | 'title';
type Dir = 'asc' | 'desc';

/** Each sort's natural order; ties fall back to a stable key. `votes` is the ranking order. */
const SORTS: Record<SortKey, Array<[SQL | AnyPgColumn, Dir]>> = {
  newest: [
    [entries.createdAt, 'desc'],
    [entries.id, 'desc'],
  ],
  oldest: [
    [entries.createdAt, 'asc'],
    [entries.id, 'asc'],
  ],
  popular: [
    [entries.likesCount, 'desc'],
    [entries.createdAt, 'desc'],
    [entries.id, 'desc'],
  ],
  votes: [
    [entries.weightedVotes, 'desc'],
    [entries.createdAt, 'asc'],
    [entries.id, 'asc'],
  ],
  title: [
    [sql`lower(${entries.title})`, 'asc'],
    [entries.id, 'asc'],
  ],
};

/** The sort's order; an explicit sortOrder that differs from its natural direction reverses it all. */
export function orderFor(sortBy: SortKey, sortOrder?: Dir): SQL[] {
  const spec = SORTS[sortBy];
  const flip = sortOrder !== undefined && sortOrder !== spec[0]![1];
  return spec.map(([col, dir]) => ((flip ? (dir === 'asc' ? 'desc' : 'asc') : dir) === 'asc' ? asc(col) : desc(col)));
}

/** GET /api/entries. */
export async function listEntries(ctx: AppContext, viewer: Actor | undefined, q: TEntryListQuery) {
  const where = and(
    visibleTo(viewer),
    q.contest ? eq(entries.contestId, q.contest) : undefined,
    q.participant ? eq(entries.participantId, q.participant) : undefined,
    q.status ? eq(entries.status, q.status) : undefined,
    q.entryType ? eq(entries.entryType, q.entryType) : undefined,
    q.createdAfter ? gte(entries.createdAt, new Date(q.createdAfter)) : undefined,
    q.minVotes !== undefined ? gte(entries.weightedVotes, q.minVotes) : undefined,
  );
  const { list, totalVotes } = await entryPage(ctx.db, {
    where,
    orderBy: orderFor(q.sortBy, q.sortOrder),
    page: q.page,
    limit: q.limit,
    viewerId: viewer?.userId,
  });
  return { ...list, totalVotes };
}

/** An entry the caller may see, or 404 (an invisible entry is indistinguishable from a missing one). */
export async function getEntry(ctx: AppContext, viewer: Actor | undefined, id: string): Promise<TEntry> {
  const [entry] = await findEntries(ctx.db, { where: and(eq(entries.id, id), visibleTo(viewer)), viewerId: viewer?.userId, limit: 1 });
  if (!entry) throw AppError.notFound(ENTRY_MESSAGES.notFound);
  return entry;
}

export async function entryStats(ctx: AppContext, viewer: Actor | undefined, id: string) {
  const entry = await getEntry(ctx, viewer, id);
  const [counts, breakdown] = await Promise.all([statusCounts(ctx.db, entry.contest._id), voteBreakdown(ctx.db, id)]);
  return {
    entryId: entry._id,
    status: entry.status,
    votesCount: entry.votesCount,
    weightedVotes: entry.weightedVotes,
    likesCount: entry.likesCount,
    commentsCount: entry.commentsCount,
    ranking: entry.ranking,
    approvedEntries: counts.approved,
    votes: breakdown,
  };
}

async function requireContest(db: DbOrTx, contestId: string): Promise<ContestRow> {
  const contest = await loadContest(db, contestId);
  if (!contest) throw AppError.notFound(ENTRY_MESSAGES.contestNotFound);
  return contest;
}

/** GET /api/entries/contest/:id: approved entries, plus the caller's own; the organizer and admins see all. */
export async function contestEntries(
  ctx: AppContext,
  viewer: Actor | undefined,
  contestId: string,
  q: { page: number; limit: number; sortBy: SortKey; sortOrder?: Dir | undefined; status?: EntryRow['status'] | undefined },
) {
  await requireContest(ctx.db, contestId);
  const where = and(eq(entries.contestId, contestId), visibleTo(viewer), q.status ? eq(entries.status, q.status) : undefined);
  const { list } = await entryPage(ctx.db, {
    where,
    orderBy: orderFor(q.sortBy, q.sortOrder),
    page: q.page,
    limit: q.limit,
    viewerId: viewer?.userId,
  });
  return list;
}

/** GET /api/entries/contest/:id/leaderboard: approved entries in ranking order (see RANKING_ORDER). */
export async function contestLeaderboard(ctx: AppContext, contestId: string, limit: number) {
  await requireContest(ctx.db, contestId);
  return { leaderboard: await leaderboard(ctx.db, contestId, limit) };
}

/** My Entries filters: an entry status, or In Voting / Completed by the contest's phase now. */
function myEntriesFilter(status: string | undefined, at: Date): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'voting':
      // Entries closed (by date or early) and voting not yet over.
      return and(
        eq(entries.status, 'approved'),
        inArray(contests.status, ['active', 'voting']),
        gt(contests.votingEndDate, at),
        or(eq(contests.status, 'voting'), lte(contests.entryEndDate, at)),
      );
    case 'completed':
      return and(
        eq(entries.status, 'approved'),
        or(eq(contests.status, 'ended'), and(inArray(contests.status, ['active', 'voting']), lte(contests.votingEndDate, at))),
      );
    default:
      return eq(entries.status, status as EntryRow['status']);
  }
}

/**
 * GET /api/entries/my-entries: the caller's entries, newest first, each with its contest, its
 * ranking and how many approved entries that ranking is out of.
 */
export async function myEntries(
  ctx: AppContext,
  userId: string,
  q: { page: number; limit: number; status?: string | undefined },
): Promise<TMyEntriesList> {
  const where = and(eq(entries.participantId, userId), myEntriesFilter(q.status, now()));
  const { list } = await entryPage(ctx.db, { where, page: q.page, limit: q.limit, viewerId: userId });
  const approved = await approvedCounts(ctx.db, [...new Set(list.entries.map((e) => e.contest._id))]);
  return { ...list, entries: list.entries.map((e) => ({ ...e, approvedEntries: approved.get(e.contest._id) ?? 0 })) };
}

// ---------------------------------------------------------------------------------------------
// Edit and delete

/** PUT /api/entries/:id: the participant, while the contest accepts entries; text and settings only. */
export async function updateEntry(ctx: AppContext, actor: Actor, id: string, input: TUpdateEntry): Promise<TEntry> {
  await ctx.db.transaction(async (tx) => {
    const entry = await loadEntry(tx, id, { lock: true });
    if (!entry) throw AppError.notFound(ENTRY_MESSAGES.notFound);
    if (entry.participantId !== actor.userId) {
      const visible = await findEntries(tx, { where: and(eq(entries.id, id), visibleTo(actor)), limit: 1 });
      if (visible.length === 0) throw AppError.notFound(ENTRY_MESSAGES.notFound);
      throw AppError.forbidden(ENTRY_MESSAGES.notYours);
    }
    const contest = await loadContest(tx, entry.contestId);
    if (!contest) throw AppError.notFound(ENTRY_MESSAGES.contestNotFound);
    assertAcceptingEntries(contest, now());
    if (entry.status !== 'pending' && entry.status !== 'approved') throw AppError.conflict(ENTRY_MESSAGES.notEditable);
    await tx
      .update(entries)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.tags !== undefined ? { tags: input.tags } : {}),
        ...(input.settings !== undefined ? { allowSharing: input.settings.allowSharing } : {}),
        updatedAt: now(),
      })
      .where(eq(entries.id, id));
  });
  return getEntry(ctx, actor, id);
}

export interface DeleteResult {
  deleted: true;
  /** Vote credits returned to the participant (the entry fee), 0 when none. */
  refundedCredits: number;
}

/**
 * Deletes an entry. The participant may withdraw it while the contest accepts entries and it has
 * no votes (the fee is refunded). The contest's organizer and admins may remove any entry at any
 * time, except one holding paid votes (those credits must be refunded first, by the votes module);
 * the fee is refunded unless the contest was already finalized. Free votes go with the entry and
 * the contest's vote totals are corrected. The stored files are removed after the commit.
 *
 * `opts.contestId` serves DELETE /api/contests/:id/entries/:entryId (the entry must belong to it).
 */
export async function deleteEntry(
  ctx: AppContext,
  actor: Actor,
  entryId: string,
  opts: { contestId?: string } = {},
): Promise<DeleteResult> {
  const entry = await loadEntry(ctx.db, entryId);
  if (!entry || (opts.contestId && entry.contestId !== opts.contestId)) throw AppError.notFound(ENTRY_MESSAGES.notFound);
  const contest = await requireContest(ctx.db, entry.contestId);
  const isOwner = entry.participantId === actor.userId;
  const isManager = isAdmin(actor) || contest.organizerId === actor.userId;
  if (!isOwner && !isManager) {
    if (entry.status !== 'approved') throw AppError.notFound(ENTRY_MESSAGES.notFound);
    throw AppError.forbidden(ENTRY_MESSAGES.notYours);
  }

  const { refunded, removed } = await ctx.db.transaction(async (tx) => {
    // Lock order everywhere in this module: contest row, then entry row.
    const lockedContest = await loadContest(tx, entry.contestId, { lock: true });
    const locked = await loadEntry(tx, entryId, { lock: true });
    if (!lockedContest || !locked) throw AppError.notFound(ENTRY_MESSAGES.notFound);
    // With the entry row locked no vote can be added to it (the votes foreign key waits on the lock).
    const [voteInfo] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        paid: sql<number>`coalesce(sum(${votes.creditCost}) filter (where ${votes.isActive}), 0)::bigint`,
      })
      .from(votes)
      .where(eq(votes.entryId, entryId));
    const voteRows = Number(voteInfo?.n ?? 0);
    if (lockedContest.winnerEntryId === entryId) throw AppError.conflict(ENTRY_MESSAGES.isWinner);
    if (!isManager) {
      assertAcceptingEntries(lockedContest, now());
      if (locked.votesCount > 0 || voteRows > 0) throw AppError.conflict(ENTRY_MESSAGES.hasVotes);
    } else if (Number(voteInfo?.paid ?? 0) > 0) {
      throw AppError.conflict(ENTRY_MESSAGES.hasPaidVotes);
    }
    const refundedUnits = lockedContest.finalizedAt
      ? 0
      : await refundEntryFee(tx, {
          entryId,
          contestId: lockedContest.id,
          participantId: locked.participantId,
          reason: isOwner ? 'entry withdrawn' : 'entry removed by the organizer',
        });
    await tx.delete(entries).where(eq(entries.id, entryId));
    if (voteRows > 0) {
      // The entry's votes went with it (cascade): take its weight off the contest and recount voters.
      await tx
        .update(contests)
        .set({
          totalVotes: sql`greatest(${contests.totalVotes} - ${locked.weightedVotes}, 0)`,
          totalVoters: sql`(select count(distinct ${votes.voterId})::int from ${votes} where ${votes.contestId} = ${lockedContest.id} and ${votes.isActive})`,
        })
        .where(eq(contests.id, lockedContest.id));
    }
    await refreshContestCounters(tx, lockedContest.id);
    return { refunded: refundedUnits, removed: locked };
  });

  await deleteStored(ctx.storage, mediaKeys(ctx.storage, removed.media), ctx.log);
  return { deleted: true, refundedCredits: unitsToCredits(refunded) };
}

// ---------------------------------------------------------------------------------------------
// Likes

async function likeTarget(db: DbOrTx, actor: Actor, id: string) {
  const [row] = await db
    .select({ status: entries.status })
    .from(entries)
    .innerJoin(contests, eq(contests.id, entries.contestId))
    .where(and(eq(entries.id, id), visibleTo(actor)));
  if (!row) throw AppError.notFound(ENTRY_MESSAGES.notFound);
  if (row.status !== 'approved') throw AppError.conflict(ENTRY_MESSAGES.notApprovedForLikes);
}

/**
 * POST /api/entries/:id/like. Idempotent: the (entry, user) key holds one like, and the counter
 * moves only when the like row was really inserted, in the same transaction.
 */
export async function likeEntry(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    await likeTarget(tx, actor, id);
    const inserted = await tx
      .insert(entryLikes)
      .values({ entryId: id, userId: actor.userId, createdAt: now() })
      .onConflictDoNothing()
      .returning({ entryId: entryLikes.entryId });
    const [row] =
      inserted.length > 0
        ? await tx
            .update(entries)
            .set({ likesCount: sql`${entries.likesCount} + 1` })
            .where(eq(entries.id, id))
            .returning({ likesCount: entries.likesCount })
        : await tx.select({ likesCount: entries.likesCount }).from(entries).where(eq(entries.id, id));
    return { likesCount: row?.likesCount ?? 0, action: 'liked' as const };
  });
}

/** DELETE /api/entries/:id/like. Idempotent likewise. */
export async function unlikeEntry(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: entries.id })
      .from(entries)
      .innerJoin(contests, eq(contests.id, entries.contestId))
      .where(and(eq(entries.id, id), visibleTo(actor)));
    if (!row) throw AppError.notFound(ENTRY_MESSAGES.notFound);
    const removed = await tx
      .delete(entryLikes)
      .where(and(eq(entryLikes.entryId, id), eq(entryLikes.userId, actor.userId)))
      .returning({ entryId: entryLikes.entryId });
    const [counter] =
      removed.length > 0
        ? await tx
            .update(entries)
            .set({ likesCount: sql`greatest(${entries.likesCount} - 1, 0)` })
            .where(eq(entries.id, id))
            .returning({ likesCount: entries.likesCount })
        : await tx.select({ likesCount: entries.likesCount }).from(entries).where(eq(entries.id, id));
    return { likesCount: counter?.likesCount ?? 0, action: 'unliked' as const };
  });
}
