import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MESSAGES, type TPublicUser } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { lockProfilePicture, updateUser } from './users.repository.js';
import { loadPublicUser } from './users.service.js';

/** Recognised by content, never by file name or the client's content type. */
const ACCEPTED_MIME = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
export const AVATAR_SIZE = 512;
const AVATAR_QUALITY = 85;
/**
 * A 5 MB PNG can still claim a huge canvas (a decompression bomb); 50 megapixels covers any
 * phone photo that fits in 5 MB while capping what sharp will decode.
 */
const MAX_INPUT_PIXELS = 50_000_000;

export const imageRequired = () => new AppError(400, MESSAGES.accounts.imageRequired, 'INVALID_FILE_TYPE');
export const imageTooLarge = () => new AppError(413, MESSAGES.accounts.imageTooLarge, 'FILE_TOO_LARGE');

/**
 * Square webp thumbnail: EXIF orientation applied, then cropped to fill 512×512. sharp writes no
 * metadata unless asked, so EXIF (GPS position, camera serial…) and other profiles are dropped.
 */
export async function renderAvatar(input: Buffer): Promise<Buffer> {
  const type = input.length > 0 ? await fileTypeFromBuffer(input) : undefined;
  if (!type || !ACCEPTED_MIME.has(type.mime)) throw imageRequired();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: AVATAR_QUALITY })
      .toBuffer();
  } catch {
    // Right magic bytes but undecodable (truncated, corrupt, too many pixels): not an image we take.
    throw imageRequired();
  }
}

/**
 * Stores the new avatar, points the user at it, then removes the previous avatar file when it was
 * one of this user's uploads. The old file goes only after the row is committed, so a failure on
 * the way never leaves the profile pointing at a deleted file.
 */
export async function uploadProfilePicture(
  ctx: AppContext,
  userId: string,
  upload: Buffer | undefined,
): Promise<{ profilePicture: string; user: TPublicUser }> {
  if (!upload) throw imageRequired();
  const avatar = await renderAvatar(upload);

  const key = `avatars/${userId}/${randomBytes(16).toString('hex')}.webp`;
  const stored = await ctx.storage.put(key, avatar, { contentType: 'image/webp', contentLength: avatar.length });

  let previous: string | null;
  try {
    previous = await ctx.db.transaction(async (tx) => {
      // Row lock: two uploads at once each see the other's file as "previous", so neither is orphaned.
      const row = await lockProfilePicture(tx, userId);
      if (!row) throw AppError.unauthorized();
      await updateUser(tx, userId, { profilePicture: stored.url, updatedAt: now() });
      return row.profilePicture;
    });
  } catch (err) {
    await ctx.storage.delete(stored.key).catch((e: unknown) => ctx.log.warn({ err: e, key: stored.key }, 'could not remove unused avatar'));
    throw err;
  }

  const oldKey = previous ? ctx.storage.keyOf(previous) : undefined;
  // Only files under this user's own avatar folder: a url set by seed data or pointing elsewhere stays.
  if (oldKey && oldKey !== stored.key && oldKey.startsWith(`avatars/${userId}/`)) {
    await ctx.storage.delete(oldKey).catch((err: unknown) => ctx.log.warn({ err, key: oldKey }, 'could not remove previous avatar'));
  }

  const user = await loadPublicUser(ctx.db, userId);
  if (!user) throw AppError.unauthorized();
  return { profilePicture: stored.url, user };
}
