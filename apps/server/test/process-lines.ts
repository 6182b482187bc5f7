import type { ChildProcess } from 'node:child_process';

/**
 * The lines a child process prints on stdout (spawned with stdout 'pipe'), and a wait for one of
 * them. Everything is read: a full pipe would stall the child's logger.
 */
export function linesOf(child: ChildProcess, name: string) {
  const lines: string[] = [];
  let buffer = '';
  const waiters: Array<{ test: (l: string) => boolean; resolve: (line: string) => void }> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const w of [...waiters]) {
        if (!w.test(line)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  /** Resolves with the first line (printed already or later) that passes `test`. */
  const waitFor = (test: (l: string) => boolean, ms = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find(test);
      if (seen !== undefined) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`${name} did not print the line in time; printed: ${lines.join(' | ')}`)), ms);
      waiters.push({ test, resolve: (line) => (clearTimeout(timer), resolve(line)) });
    });
  return { lines, waitFor };
}
