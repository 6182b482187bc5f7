/**
 * Where the server's log lines go when stdout is a pipe: a writer that never blocks the main thread.
 *
 * A pipe whose reader stopped reading fills up (64 KiB on Linux), and a blocking write to it — what
 * Node and pino do for stdout by default — stops the whole process, the shutdown timer included
 * (seen: a server hanging for minutes after SIGTERM). Here stdout's pipe is opened a second time
 * through /proc/self/fd/1 in non-blocking mode (a new open file description, so fd 1 itself is left
 * as it was): a write that does not fit returns at once, the rest waits in a bounded buffer retried
 * on a timer, and past the bound lines are dropped and counted (the count is logged once the pipe
 * drains). Nothing waits for the log at exit.
 *
 * A socket on stdout (child_process, many supervisors) is written asynchronously by Node already:
 * only what waits is bounded. Elsewhere (a terminal, a file, no /proc) `undefined` is returned and
 * pino writes as usual: those never stay full.
 */
import { closeSync, constants, fstatSync, openSync, writeSync } from 'node:fs';

export interface LogDestination {
  write(line: string): void;
  /** Lines dropped because the reader did not keep up (since start). */
  readonly dropped: number;
}

/** The warning line written once the reader catches up (pino's JSON shape, level warn). */
const dropNote = (n: number) =>
  `${JSON.stringify({ level: 40, time: Date.now(), msg: `log lines dropped: ${n} (the reader of stdout fell behind)` })}\n`;

const DEFAULT_MAX_PENDING_BYTES = 4 * 1024 * 1024;
const RETRY_MS = 50;

export function nonBlockingStdout(opts: { maxPendingBytes?: number } = {}): LogDestination | undefined {
  let kind: 'fifo' | 'socket' | undefined;
  try {
    const stat = fstatSync(1);
    kind = stat.isFIFO() ? 'fifo' : stat.isSocket() ? 'socket' : undefined;
  } catch {
    return undefined;
  }
  if (!kind) return undefined;
  // A socket (what child_process and many supervisors hand over): Node writes to it asynchronously
  // already, so bounding what waits is enough.
  if (kind === 'socket') return boundedStream(process.stdout, opts.maxPendingBytes ?? DEFAULT_MAX_PENDING_BYTES);
  let fd: number;
  try {
    fd = openSync('/proc/self/fd/1', constants.O_WRONLY | constants.O_NONBLOCK | constants.O_APPEND);
  } catch {
    return undefined;
  }
  process.once('exit', () => {
    try {
      closeSync(fd);
    } catch {
      /* already closed */
    }
  });
  return createWriter(fd, opts.maxPendingBytes ?? DEFAULT_MAX_PENDING_BYTES);
}

/** The writer on a non-blocking descriptor (exported for the unit test). */
export function createWriter(fd: number, maxPendingBytes: number, write = writeSync): LogDestination {
  const pending: Buffer[] = [];
  let pendingBytes = 0;
  let dropped = 0;
  let droppedSinceReport = 0;
  let timer: NodeJS.Timeout | undefined;

  /** Writes what it can; true when everything pending went out. */
  const drain = (): boolean => {
    while (pending.length > 0) {
      const head = pending[0]!;
      let n: number;
      try {
        n = write(fd, head);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return false;
        // EPIPE (the reader is gone) or worse: the log is lost, the server goes on.
        pending.length = 0;
        pendingBytes = 0;
        return true;
      }
      pendingBytes -= n;
      if (n === head.length) pending.shift();
      else pending[0] = head.subarray(n);
    }
    if (droppedSinceReport > 0) {
      const note = Buffer.from(dropNote(droppedSinceReport));
      droppedSinceReport = 0;
      pending.push(note);
      pendingBytes += note.length;
      return drain();
    }
    return true;
  };

  const retryLater = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!drain()) retryLater();
    }, RETRY_MS);
    timer.unref();
  };

  return {
    write(line: string) {
      const buf = Buffer.from(line);
      if (pendingBytes + buf.length > maxPendingBytes) {
        dropped += 1;
        droppedSinceReport += 1;
        return;
      }
      pending.push(buf);
      pendingBytes += buf.length;
      if (pending.length === 1 && drain()) return;
      retryLater();
    },
    get dropped() {
      return dropped;
    },
  };
}

/** Lines to an asynchronous stream, dropped (and counted) while more than the bound waits. */
function boundedStream(stream: NodeJS.WriteStream, maxPendingBytes: number): LogDestination {
  let dropped = 0;
  let droppedSinceReport = 0;
  return {
    write(line: string) {
      if (stream.writableLength + line.length > maxPendingBytes) {
        dropped += 1;
        droppedSinceReport += 1;
        return;
      }
      if (droppedSinceReport > 0) {
        stream.write(dropNote(droppedSinceReport));
        droppedSinceReport = 0;
      }
      stream.write(line);
    },
    get dropped() {
      return dropped;
    },
  };
}
