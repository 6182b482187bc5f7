/**
 * One request per key at a time: a caller that asks while the same key's request is on its way (a
 * page whose effects run twice in React's strict mode, a quick back and forward) joins that request
 * instead of sending another. `forget` stops waiting for one that hangs: the next call sends afresh.
 */
export function oncePerKey<T>(run: (key: string) => Promise<T>) {
  const inflight = new Map<string, Promise<T>>();
  return {
    run(key: string): Promise<T> {
      let pending = inflight.get(key);
      if (!pending) {
        pending = run(key).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      return pending;
    },
    isRunning: (key: string) => inflight.has(key),
    forget: (key: string) => inflight.delete(key),
  };
}
