import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@contesthub/shared';
import { users } from '../src/db/schema/index.js';
import { jpegWithGps as jpegWithGpsOfSide } from './entry-fixtures.js';
import { bearer, createSignedInUser, createTestApp, type TestApp } from './helpers.js';
import { multipart } from './multipart.js';

const URL_PATH = '/api/auth/upload-profile-picture';

/** 200×100 JPEG, quality 90 (see jpegWithGps in entry-fixtures: red on top once rotated, GPS in EXIF). */
const jpegWithGps = () => jpegWithGpsOfSide(100, 90);

const picture = (data: Buffer | string, filename = 'photo.jpg', contentType = 'image/jpeg') =>
  multipart([{ name: 'profilePicture', filename, contentType, data }]);

async function pixel(file: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return Array.from(data.subarray(at, at + 3));
}

function colour([r, g, b]: number[]): string {
  if (r! > 200 && g! < 60 && b! < 60) return 'red';
  if (r! < 60 && g! < 60 && b! > 200) return 'blue';
  return `rgb(${r},${g},${b})`;
}

/** Whether a raw EXIF block (as sharp's metadata().exif gives it) has a GPS IFD pointer (tag 0x8825). */
function hasGpsIfd(exif: Buffer): boolean {
  const tiff = exif.indexOf('Exif\0\0') === 0 ? exif.subarray(6) : exif;
  const littleEndian = tiff.subarray(0, 2).toString('latin1') === 'II';
  const ifd0 = littleEndian ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  const count = littleEndian ? tiff.readUInt16LE(ifd0) : tiff.readUInt16BE(ifd0);
  for (let i = 0; i < count; i++) {
    const at = ifd0 + 2 + i * 12;
    if ((littleEndian ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at)) === 0x8825) return true;
  }
  return false;
}

describe('POST /api/auth/upload-profile-picture', () => {
  let t: TestApp;
  let mediaDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    mediaDir = path.join(t.config.dataDir, 'media');
  });
  afterAll(() => t.close());

  const upload = (token: string | undefined, body: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: URL_PATH, payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });

  const avatarFiles = (userId: string) => {
    const dir = path.join(mediaDir, 'avatars', userId);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  const storedPicture = async (userId: string) =>
    (await t.ctx.db.select({ p: users.profilePicture }).from(users).where(eq(users.id, userId)))[0]?.p ?? null;

  it('refuses an anonymous caller', async () => {
    const res = await upload(undefined, picture(await jpegWithGps()));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, errorType: 'UNAUTHORIZED' });
  });

  it('stores a 512×512 webp without EXIF, oriented, serves it, and updates the profile', async () => {
    const me = await createSignedInUser(t.app);
    const before = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(me.token) })).json().data.user;
    expect(before.profilePicture).toBeNull();

    const input = await jpegWithGps();
    const inputMeta = await sharp(input).metadata();
    // The fixture really carries what must be stripped.
    expect(inputMeta.exif).toBeInstanceOf(Buffer);
    expect(inputMeta.exif!.includes('exif-marker-owner')).toBe(true);
    expect(hasGpsIfd(inputMeta.exif!)).toBe(true);
    expect(inputMeta.orientation).toBe(6);

    const res = await upload(me.token, picture(input));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Profile picture uploaded successfully' });
    const url: string = body.data.profilePicture;
    expect(url).toMatch(new RegExp(`^/media/avatars/${me.userId}/[0-9a-f]{32}\\.webp$`));
    expect(body.data.user).toMatchObject({ _id: me.userId, profilePicture: url });

    const file = path.join(t.config.dataDir, url.replace(/^\//, ''));
    expect(existsSync(file)).toBe(true);
    const stored = readFileSync(file);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes('exif-marker-owner')).toBe(false);
    // EXIF orientation 6 was applied before cropping: red (the stored left half) is now on top.
    expect(colour(await pixel(stored, 500, 10))).toBe('red');
    expect(colour(await pixel(stored, 10, 500))).toBe('blue');

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(stored)).toBe(true);

    const after = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(me.token) })).json().data.user;
    expect(after.profilePicture).toBe(url);
    expect(after.profileCompletion).toBeGreaterThan(before.profileCompletion);
    expect(body.data.user.profileCompletion).toBe(after.profileCompletion);
  });

  it('accepts PNG, GIF and WebP by content, whatever the name says', async () => {
    const me = await createSignedInUser(t.app);
    const base = sharp({ create: { width: 64, height: 40, channels: 3, background: '#00aa00' } });
    for (const [data, name] of [
      [await base.clone().png().toBuffer(), 'a.png'],
      [await base.clone().gif().toBuffer(), 'b.bin'],
      [await base.clone().webp().toBuffer(), 'c.jpg'],
    ] as const) {
      const res = await upload(me.token, picture(data, name, 'application/octet-stream'));
      expect(res.statusCode, name).toBe(200);
      expect(await sharp(path.join(t.config.dataDir, res.json().data.profilePicture)).metadata()).toMatchObject({
        width: 512,
        height: 512,
      });
    }
  });

  it('refuses a text file dressed up as a JPEG', async () => {
    const me = await createSignedInUser(t.app);
    const res = await upload(me.token, picture('this is just some text, not a picture at all\n'.repeat(20), 'photo.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.accounts.imageRequired, errorType: 'INVALID_FILE_TYPE' });
    expect(avatarFiles(me.userId)).toEqual([]);
    expect(await storedPicture(me.userId)).toBeNull();
  });

  it('refuses other real formats (a PDF), corrupt images, and a request without the file', async () => {
    const me = await createSignedInUser(t.app);
    const jpeg = await jpegWithGps();
    const cases = [
      picture(Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n'), 'photo.jpg'),
      picture(jpeg.subarray(0, 200), 'cut.jpg'), // JPEG magic bytes, no image behind them
      picture(Buffer.alloc(0), 'empty.jpg'),
      multipart([{ name: 'note', data: 'hello' }]),
      multipart([{ name: 'avatar', filename: 'photo.jpg', contentType: 'image/jpeg', data: jpeg }]),
      { payload: Buffer.from(JSON.stringify({ profilePicture: 'x' })), headers: { 'content-type': 'application/json' } },
    ];
    for (const [i, body] of cases.entries()) {
      const res = await upload(me.token, body);
      expect(res.statusCode, `case ${i}`).toBe(400);
      expect(res.json(), `case ${i}`).toMatchObject({ message: MESSAGES.accounts.imageRequired, errorType: 'INVALID_FILE_TYPE' });
    }
    expect(avatarFiles(me.userId)).toEqual([]);
    expect(await storedPicture(me.userId)).toBeNull();
  });

  it('refuses files over 5 MB with 413 and keeps the current picture', async () => {
    const me = await createSignedInUser(t.app);
    const first = await upload(me.token, picture(await jpegWithGps()));
    expect(first.statusCode).toBe(200);
    const current = first.json().data.profilePicture as string;

    // A JPEG header followed by noise: big enough to trip the limit, whatever is behind it.
    const jpegHead = (await jpegWithGps()).subarray(0, 64);
    const justOver = Buffer.concat([jpegHead, randomBytes(5 * 1024 * 1024 + 1 - jpegHead.length)]); // caught by the multipart limit
    const wayOver = Buffer.concat([jpegHead, randomBytes(8 * 1024 * 1024)]); // refused from Content-Length alone
    for (const data of [justOver, wayOver]) {
      const res = await upload(me.token, picture(data, 'huge.jpg'));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.accounts.imageTooLarge, errorType: 'FILE_TOO_LARGE' });
    }
    expect(await storedPicture(me.userId)).toBe(current);
    expect(avatarFiles(me.userId)).toEqual([path.basename(current)]);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const me = await createSignedInUser(t.app);
    // A real PNG padded with a trailing chunk of junk after IEND is still a valid, decodable PNG.
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const exact = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)]);
    const res = await upload(me.token, picture(exact, 'exact.png', 'image/png'));
    expect(res.statusCode).toBe(200);
  });

  it('deletes the previous upload when a new picture replaces it', async () => {
    const me = await createSignedInUser(t.app);
    const first = (await upload(me.token, picture(await jpegWithGps()))).json().data.profilePicture as string;
    expect(avatarFiles(me.userId)).toEqual([path.basename(first)]);

    const secondRes = await upload(
      me.token,
      picture(
        await sharp({ create: { width: 80, height: 80, channels: 3, background: '#ffff00' } })
          .png()
          .toBuffer(),
        'y.png',
      ),
    );
    expect(secondRes.statusCode).toBe(200);
    const second = secondRes.json().data.profilePicture as string;
    expect(second).not.toBe(first);
    expect(avatarFiles(me.userId)).toEqual([path.basename(second)]);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect(await storedPicture(me.userId)).toBe(second);
  });

  it('leaves a picture that is not one of its uploads alone', async () => {
    const me = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const othersUrl = (await upload(other.token, picture(await jpegWithGps()))).json().data.profilePicture as string;
    // Point me at the other user's file (as an import or admin edit might): replacing mine must not delete theirs.
    await t.ctx.db.update(users).set({ profilePicture: othersUrl }).where(eq(users.id, me.userId));
    expect((await upload(me.token, picture(await jpegWithGps()))).statusCode).toBe(200);
    expect(avatarFiles(other.userId)).toEqual([path.basename(othersUrl)]);
  });
});
