/** The non-blocking log writer (no real pipe): a full pipe keeps lines up to the bound, drops past it, and reports the drop. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWriter } from '../../src/lib/log-destination.js';

afterEach(() => vi.useRealTimers());

function fakePipe() {
  let room = 0;
  const written: string[] = [];
  const write = (_fd: number, buf: Buffer | NodeJS.ArrayBufferView) => {
    const b = buf as Buffer;
    if (room === 0) throw Object.assign(new Error('EAGAIN'), { code: 'EAGAIN' });
    const n = Math.min(room, b.length);
    room -= n;
    written.push(b.subarray(0, n).toString());
    return n;
  };
  return { write: write as never, written, open: (bytes: number) => (room += bytes), text: () => written.join('') };
}

describe('createWriter', () => {
  it('writes at once while the pipe has room, and never waits when it has none', () => {
    const pipe = fakePipe();
    pipe.open(1_000);
    const w = createWriter(9, 100, pipe.write);
    w.write('one\n');
    expect(pipe.text()).toBe('one\n');
  });

  it('keeps lines up to the bound while the pipe is full, drops the rest, and says so once it drains', () => {
    vi.useFakeTimers();
    const pipe = fakePipe();
    const w = createWriter(9, 12, pipe.write);
    w.write('aaaa\n'); // 5 bytes kept
    w.write('bbbb\n'); // 10 kept
    w.write('cccc\n'); // would be 15 > 12: dropped
    expect(w.dropped).toBe(1);
    expect(pipe.text()).toBe('');

    pipe.open(7); // room for one line and a part of the next
    vi.advanceTimersByTime(60);
    expect(pipe.text()).toBe('aaaa\nbb');
    pipe.open(10_000);
    vi.advanceTimersByTime(60);
    const lines = pipe.text().split('\n').filter(Boolean);
    expect(lines.slice(0, 2)).toEqual(['aaaa', 'bbbb']);
    expect(JSON.parse(lines[2]!).msg).toBe('log lines dropped: 1 (the reader of stdout fell behind)');
  });

  it('gives up on a reader that is gone (EPIPE) without throwing into the server', () => {
    const w = createWriter(9, 100, (() => {
      throw Object.assign(new Error('EPIPE'), { code: 'EPIPE' });
    }) as never);
    expect(() => w.write('lost\n')).not.toThrow();
  });
});
