/**
 * POST /api/entries: the form streamed to temp files, the files checked by content and stored,
 * then the entry, its fee and the contest counters in one transaction (see submitEntry).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { EntryType } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { entrySubmitted } from './entries.events.js';
import { ENTRY_MESSAGES } from './entries.messages.js';
import { insertEntry, loadContest, loadUser, refreshContestCounters, type EntryMedia, type EntryRow } from './entries.repository.js';
import type { TEntry } from '@contesthub/shared';
import { assertEligible, feeUnits, needsApproval, uploadTier } from './entry-eligibility.js';
import { chargeEntryFee } from './entry-fees.js';
import { lastValue, parseEntryFields, type FormReader } from './entry-intake.js';
import {
  deleteStored,
  ENTRY_UPLOAD_LIMITS,
  fileTooLarge,
  fileTooLargeForTier,
  maxUploadBytes,
  recognise,
  storeEntryFile,
} from './entry-media.js';
import { findEntry } from './entry-reads.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SubmitResult {
  entry: TEntry;
  status: EntryRow['status'];
  requiresApproval: boolean;
  message: string;
}

/**
 * POST /api/entries. Files are spooled to private temp files while the request streams in (size
 * limits enforced on the way), then checked by content and stored; the entry row, its fee and the
 * contest counters are written in one transaction under the contest's row lock. Anything failing
 * after a file was stored removes the stored files again.
 */
export async function submitEntry(ctx: AppContext, userId: string, readForm: FormReader): Promise<SubmitResult> {
  const user = await loadUser(ctx.db, userId);
  if (!user) throw AppError.unauthorized();
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
      await insertEntry(tx, {
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
