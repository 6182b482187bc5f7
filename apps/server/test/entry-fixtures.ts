/**
 * Fixtures for the entries suites: contests straight in the database, eligible participants,
 * vote credits through the ledger, hand-built multipart bodies and small files of every accepted
 * (and some refused) kind, built byte by byte so content detection is really exercised.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { contests, users } from '../src/db/schema/index.js';
import type { AppContext } from '../src/context.js';
import { now } from '../src/lib/clock.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { post } from '../src/modules/ledger/ledger.js';
import type { NewUser } from '../src/modules/users/users.service.js';
import { bearer, createSignedInUser } from './helpers.js';
import { multipart, type Part } from './multipart.js';

const DAY = 24 * 60 * 60 * 1000;

export type ContestInsert = typeof contests.$inferInsert;

/** An active contest accepting entries now (entries: yesterday → +2 days; voting: +2 → +5 days). */
export async function createContest(ctx: AppContext, organizerId: string, overrides: Partial<ContestInsert> = {}) {
  const at = now().getTime();
  const [row] = await ctx.db
    .insert(contests)
    .values({
      organizerId,
      title: `Contest ${randomBytes(3).toString('hex')}`,
      description: 'A test contest',
      category: 'photography',
      status: 'active',
      prizeType: 'badge',
      badgeTitle: 'Champion',
      entryType: 'photo',
      entryReview: 'open',
      entryStartDate: new Date(at - DAY),
      entryEndDate: new Date(at + 2 * DAY),
      votingStartDate: new Date(at + 2 * DAY),
      votingEndDate: new Date(at + 5 * DAY),
      ...overrides,
    })
    .returning();
  return row!;
}

/** A verified, signed-in user whose profile is 67% complete (6 of 9 fields). */
export function createParticipant(app: FastifyInstance, input: Partial<NewUser> = {}) {
  return createSignedInUser(app, {
    fullName: 'Ada Participant',
    bio: 'I make things',
    gender: 'female',
    locationState: 'Lagos',
    locationCity: 'Ikeja',
    ...input,
  });
}

export async function setDateOfBirth(ctx: AppContext, userId: string, dateOfBirth: string) {
  await ctx.db.update(users).set({ dateOfBirth }).where(eq(users.id, userId));
}

/** Gives a user vote credits (credit units = hundredths) from the promotions account. */
export async function grantCredits(ctx: AppContext, userId: string, credits: number) {
  await ctx.db.transaction((tx) =>
    post(tx, {
      reference: `test:grant:${randomUUID()}`,
      kind: 'promotional_credit',
      description: 'Test credits',
      lines: [
        { account: accounts.userCredits(userId), amount: credits * 100 },
        { account: accounts.promotions(), amount: -credits * 100 },
      ],
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// multipart

export interface FileSpec {
  data: Buffer;
  filename: string;
  contentType?: string;
}

export interface EntryFormInput {
  contestId: string;
  title?: string;
  description?: string;
  entryType?: string;
  tags?: string[] | string;
  settings?: string;
  files?: FileSpec[];
  /** Put the files before the fields (a client with an unusual order). */
  filesFirst?: boolean;
}

export function entryForm(input: EntryFormInput) {
  const fields: Part[] = [
    { name: 'contestId', data: input.contestId },
    { name: 'title', data: input.title ?? 'Sunset over Lagos' },
    { name: 'description', data: input.description ?? 'Golden hour at the lagoon' },
    { name: 'entryType', data: input.entryType ?? 'photo' },
  ];
  if (Array.isArray(input.tags)) for (const t of input.tags) fields.push({ name: 'tags', data: t });
  else if (input.tags !== undefined) fields.push({ name: 'tags', data: input.tags });
  if (input.settings !== undefined) fields.push({ name: 'settings', data: input.settings });
  const files: Part[] = (input.files ?? []).map((f) => ({
    name: 'files',
    filename: f.filename,
    contentType: f.contentType ?? 'application/octet-stream',
    data: f.data,
  }));
  return multipart(input.filesFirst ? [...files, ...fields] : [...fields, ...files]);
}

export function submit(app: FastifyInstance, token: string | undefined, input: EntryFormInput) {
  const body = entryForm(input);
  return app.inject({
    method: 'POST',
    url: '/api/entries',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
}

/** Every file under a directory (recursively), relative paths. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(dir, full));
    }
  };
  walk(dir);
  return out;
}

// ---------------------------------------------------------------------------------------------
// files

/**
 * (2·side)×side JPEG (2400×1200 by default), left half red and right half blue, stored with EXIF
 * orientation 6 (shown rotated 90° clockwise: side×2·side, red on top), GPS coordinates and a
 * marker string in EXIF.
 */
export async function jpegWithGps(side = 1200, quality = 80): Promise<Buffer> {
  const red = await sharp({ create: { width: side, height: side, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 2 * side, height: side, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: 'exif-marker-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 0/1' },
    })
    .toBuffer();
}

export const smallPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#22aa44' } })
    .png()
    .toBuffer();

/** An uncompressed PNG of noise: about 6.75 MB, over the free photo limit (5 MB), under premium (20 MB). */
export const largePng = () =>
  sharp({ create: { width: 1500, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** Deterministic bytes, so a range of them can be compared. */
export function pattern(length: number, seed = 7): Buffer {
  const b = Buffer.alloc(length);
  for (let i = 0; i < length; i++) b[i] = (i * seed + (i >> 8)) % 251;
  return b;
}

/** An ISO-BMFF file: `ftyp` (brand isom → video/mp4, or M4A → audio) then an `mdat` of pattern bytes. */
export function mp4(size: number, brand = 'isom'): Buffer {
  const ftyp = Buffer.concat([u32(24), Buffer.from('ftyp'), Buffer.from(brand.padEnd(4, ' ')), u32(0x200), Buffer.from('isomiso2')]);
  const mdatLength = size - ftyp.length;
  return Buffer.concat([ftyp, u32(mdatLength), Buffer.from('mdat'), pattern(mdatLength - 8)]);
}

/** MPEG-1 Layer III frames (sync word 0xFFFB). */
export function mp3(): Buffer {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
  return Buffer.concat(Array.from({ length: 10 }, () => frame));
}

export function wav(): Buffer {
  const data = pattern(2000);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0);
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(1, 10);
  fmt.writeUInt32LE(8000, 12);
  fmt.writeUInt32LE(8000, 16);
  fmt.writeUInt16LE(1, 20);
  fmt.writeUInt16LE(8, 22);
  const dataHead = Buffer.alloc(8);
  dataHead.write('data', 0);
  dataHead.writeUInt32LE(data.length, 4);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0);
  head.writeUInt32LE(4 + fmt.length + dataHead.length + data.length, 4);
  head.write('WAVE', 8);
  return Buffer.concat([head, fmt, dataHead, data]);
}

function ebml(id: number[], payload: Buffer, unknownSize = false): Buffer {
  let size: Buffer;
  if (unknownSize) size = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  else if (payload.length < 127) size = Buffer.from([0x80 | payload.length]);
  else {
    size = Buffer.alloc(8);
    size[0] = 0x01;
    size.writeUIntBE(payload.length, 2, 6);
  }
  return Buffer.concat([Buffer.from(id), size, payload]);
}

/** A WebM file (EBML DocType webm, live-recording style unknown-size Segment) with the given track types. */
export function webm(trackTypes: number[]): Buffer {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([ebml([0x42, 0x86], Buffer.from([1])), ebml([0x42, 0x82], Buffer.from('webm'))]),
  );
  const tracks = ebml(
    [0x16, 0x54, 0xae, 0x6b],
    Buffer.concat(
      trackTypes.map((type, i) =>
        ebml(
          [0xae],
          Buffer.concat([
            ebml([0xd7], Buffer.from([i + 1])),
            ebml([0x83], Buffer.from([type])),
            ebml([0x86], Buffer.from(type === 1 ? 'V_VP8' : 'A_OPUS')),
          ]),
        ),
      ),
    ),
  );
  const info = ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])));
  const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], pattern(3000), true);
  const segment = Buffer.concat([
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    info,
    tracks,
    cluster,
  ]);
  return Buffer.concat([header, segment]);
}

export const pdf = () =>
  Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** A Compound File (the Word 97–2003 container) whose directory names the given stream. */
export function compoundFile(streamName: string): Buffer {
  const headerSector = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(headerSector);
  headerSector.writeUInt16LE(0x003e, 24);
  headerSector.writeUInt16LE(0x0003, 26);
  headerSector.writeUInt16LE(0xfffe, 28);
  headerSector.writeUInt16LE(9, 30);
  const directory = Buffer.alloc(512);
  directory.write('Root Entry', 0, 'utf16le');
  directory.write(streamName, 128, 'utf16le');
  return Buffer.concat([headerSector, directory, pattern(1024)]);
}

/** A stored (uncompressed) ZIP archive. */
export function zip(files: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name);
    const crc = crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(f.data.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.data);
    centrals.push(central, name);
    offset += local.length + name.length + f.data.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

export function docx(): Buffer {
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
    '</Types>';
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>';
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from(contentTypes) },
    { name: 'word/document.xml', data: Buffer.from(document) },
  ]);
}
