/**
 * Demo media made at seed time, without external tools or stock files:
 * - images: an SVG (gradient, shapes, the title as SVG <text>) rendered by sharp;
 * - audio: a short PCM WAV melody of sine tones;
 * - video: a WebM (VP8) slideshow whose key frames are the VP8 bitstreams of lossy WebP images
 *   that sharp encodes (a lossy WebP's 'VP8 ' chunk is exactly one VP8 key frame);
 * - articles: a one-page PDF with the text set in Helvetica.
 * Everything is deterministic for a given input.
 */
import sharp from 'sharp';

const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#0f5132', '#198754', '#ffc107'], // green and gold
  ['#3d0c5e', '#8e24aa', '#ffb74d'],
  ['#0d3b66', '#1e88e5', '#faf0ca'],
  ['#7f1d1d', '#ea580c', '#fde68a'],
  ['#134e4a', '#0d9488', '#fef3c7'],
  ['#1f2937', '#be185d', '#f9a8d4'],
  ['#422006', '#b45309', '#fcd34d'],
  ['#172554', '#7c3aed', '#a5f3fc'],
];

/** A small stable hash of a string (FNV-1a), for picking colours and shapes. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Greedy word wrap to lines of at most `width` characters (a long word gets a line of its own). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export interface ArtOptions {
  title: string;
  subtitle?: string;
  width: number;
  height: number;
  /** Varies colours and shapes; defaults to the title. */
  seed?: string;
}

function artSvg(o: ArtOptions): string {
  const h = hashOf(o.seed ?? o.title);
  const [dark, mid, light] = PALETTES[h % PALETTES.length]!;
  const { width: w, height: ht } = o;
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const v = hashOf(`${o.seed ?? o.title}:${i}`);
    const cx = v % w;
    const cy = (v >>> 8) % ht;
    const r = 30 + ((v >>> 16) % Math.round(Math.min(w, ht) / 3));
    shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${i % 2 ? light : mid}" opacity="${0.12 + (i % 3) * 0.06}"/>`);
  }
  // A skyline of blocks along the bottom, different per seed.
  let x = 0;
  let i = 0;
  const blocks: string[] = [];
  while (x < w) {
    const v = hashOf(`${o.seed ?? o.title}:b${i++}`);
    const bw = 30 + (v % 70);
    const bh = Math.round(ht * (0.08 + ((v >>> 8) % 100) / 500));
    blocks.push(`<rect x="${x}" y="${ht - bh}" width="${bw - 4}" height="${bh}" fill="${dark}" opacity="0.55"/>`);
    x += bw;
  }
  const size = Math.round(Math.min(w / 16, ht / 6));
  const lines = wrap(o.title, Math.max(10, Math.floor((w * 0.8) / (size * 0.66))));
  const top = ht / 2 - ((lines.length - 1) * size * 1.15) / 2 - (o.subtitle ? size * 0.4 : 0);
  const text = lines
    .map(
      (l, n) =>
        `<text x="${w / 2}" y="${Math.round(top + n * size * 1.15)}" font-size="${size}" font-weight="bold" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join('');
  const sub = o.subtitle
    ? `<text x="${w / 2}" y="${Math.round(top + lines.length * size * 1.15 + size * 0.2)}" font-size="${Math.round(size * 0.5)}" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" fill="${light}">${escapeXml(o.subtitle)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${ht}" viewBox="0 0 ${w} ${ht}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="${w}" height="${ht}" fill="url(#g)"/>${shapes.join('')}${blocks.join('')}
<rect x="${w * 0.06}" y="${ht * 0.06}" width="${w * 0.88}" height="${ht * 0.88}" fill="none" stroke="${light}" stroke-opacity="0.35" stroke-width="3" rx="18"/>
${text}${sub}</svg>`;
}

/** A PNG picture (covers and photo entries are re-encoded to WebP by the services that store them). */
export async function artPng(o: ArtOptions): Promise<Buffer> {
  return sharp(Buffer.from(artSvg(o)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Audio: 8-bit mono PCM WAV

/** A short melody of sine tones with a soft attack and release: a valid WAV of a few dozen KB. */
export function melodyWav(seed: string, notes = 8, noteMs = 280, sampleRate = 11_025): Buffer {
  const scale = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25, 587.33, 659.25]; // pentatonic-ish
  const perNote = Math.round((sampleRate * noteMs) / 1000);
  const samples = Buffer.alloc(perNote * notes);
  for (let n = 0; n < notes; n++) {
    const freq = scale[hashOf(`${seed}:${n}`) % scale.length]!;
    for (let i = 0; i < perNote; i++) {
      const t = i / sampleRate;
      const envelope = Math.min(1, i / (perNote * 0.08), (perNote - i) / (perNote * 0.25));
      const v = Math.sin(2 * Math.PI * freq * t) * 0.6 + Math.sin(4 * Math.PI * freq * t) * 0.15;
      samples[n * perNote + i] = Math.max(0, Math.min(255, Math.round(128 + 127 * v * envelope)));
    }
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // PCM fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate, 28); // byte rate (8-bit mono)
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

// ---------------------------------------------------------------------------------------------
// Video: WebM (Matroska subset) with one VP8 track of key frames

function vintSize(n: number): Buffer {
  for (let len = 1; len <= 8; len++) {
    if (n < 2 ** (7 * len) - 1) {
      const out = Buffer.alloc(len);
      let v = n;
      for (let i = len - 1; i >= 0; i--) {
        out[i] = v & 0xff;
        v = Math.floor(v / 256);
      }
      out[0]! |= 1 << (8 - len);
      return out;
    }
  }
  throw new Error('EBML element too large');
}

function idBytes(id: number): Buffer {
  const hex = id.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

const el = (id: number, ...children: Buffer[]): Buffer => {
  const body = Buffer.concat(children);
  return Buffer.concat([idBytes(id), vintSize(body.length), body]);
};
const uint = (id: number, value: number): Buffer => {
  const bytes: number[] = [];
  let v = value;
  do {
    bytes.unshift(v & 0xff);
    v = Math.floor(v / 256);
  } while (v > 0);
  return el(id, Buffer.from(bytes));
};
const str = (id: number, value: string): Buffer => el(id, Buffer.from(value, 'ascii'));
const float64 = (id: number, value: number): Buffer => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return el(id, b);
};

/** The VP8 key frame inside a lossy, alpha-free WebP ('VP8 ' chunk payload). */
function vp8Frame(webp: Buffer): Buffer {
  let pos = 12;
  while (pos + 8 <= webp.length) {
    const fourcc = webp.toString('ascii', pos, pos + 4);
    const size = webp.readUInt32LE(pos + 4);
    if (fourcc === 'VP8 ') return webp.subarray(pos + 8, pos + 8 + size);
    pos += 8 + size + (size % 2);
  }
  throw new Error('no VP8 chunk in the WebP');
}

/**
 * A WebM slideshow: each picture becomes one VP8 key frame shown for `frameMs`. Browsers play it
 * with <video>; it is a real WebM (EBML header, Segment, Info, Tracks, one Cluster of SimpleBlocks).
 */
export async function slideshowWebm(frames: ArtOptions[], frameMs = 700): Promise<Buffer> {
  const first = frames[0];
  if (!first) throw new Error('a slideshow needs at least one frame');
  const { width, height } = first;
  const blocks: Buffer[] = [];
  for (const [i, frame] of frames.entries()) {
    const webp = await sharp(Buffer.from(artSvg({ ...frame, width, height })))
      .removeAlpha()
      .webp({ quality: 55, alphaQuality: 100 })
      .toBuffer();
    const data = vp8Frame(webp);
    const head = Buffer.alloc(4);
    head[0] = 0x81; // track number 1 as a vint
    head.writeInt16BE(i * frameMs, 1); // timecode relative to the cluster (ms)
    head[3] = 0x80; // key frame
    blocks.push(el(0xa3, head, data));
  }
  const ebml = el(
    0x1a45dfa3,
    uint(0x4286, 1),
    uint(0x42f7, 1),
    uint(0x42f2, 4),
    uint(0x42f3, 8),
    str(0x4282, 'webm'),
    uint(0x4287, 2),
    uint(0x4285, 2),
  );
  const info = el(
    0x1549a966,
    uint(0x2ad7b1, 1_000_000),
    float64(0x4489, frames.length * frameMs),
    str(0x4d80, 'ContestHub demo seed'),
    str(0x5741, 'ContestHub demo seed'),
  );
  const tracks = el(
    0x1654ae6b,
    el(
      0xae,
      uint(0xd7, 1),
      uint(0x73c5, 1),
      uint(0x83, 1),
      uint(0x9c, 0),
      str(0x86, 'V_VP8'),
      uint(0x23e383, frameMs * 1_000_000),
      el(0xe0, uint(0xb0, width), uint(0xba, height)),
    ),
  );
  const cluster = el(0x1f43b675, uint(0xe7, 0), ...blocks);
  return Buffer.concat([ebml, el(0x18538067, info, tracks, cluster)]);
}

// ---------------------------------------------------------------------------------------------
// Articles: a one-page PDF

/** PDF string literal of plain ASCII text (Helvetica uses WinAnsi; anything else becomes '?'). */
function pdfText(s: string): string {
  const ascii = s
    .replace(/₦/g, 'N')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e]/g, '?');
  return `(${ascii.replace(/([\\()])/g, '\\$1')})`;
}

/** A valid single-page A4 PDF with a title, a byline and wrapped paragraphs. */
export function articlePdf(title: string, byline: string, paragraphs: string[]): Buffer {
  const ops: string[] = [
    'BT',
    '/F1 20 Tf',
    '56 780 Td',
    `${pdfText(title)} Tj`,
    '/F2 11 Tf',
    '0 -22 Td',
    `${pdfText(byline)} Tj`,
    '/F2 12 Tf',
  ];
  let first = true;
  for (const p of paragraphs) {
    for (const line of wrap(p, 88)) {
      ops.push(`0 ${first ? -34 : -17} Td`, `${pdfText(line)} Tj`);
      first = false;
    }
    ops.push('0 -8 Td');
  }
  ops.push('ET');
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
