/**
 * A first-party device id: a random id kept in localStorage and sent as X-Device-Id on vote calls
 * (the server's vote risk treats it as a weak signal: clearing storage resets it). Not a
 * fingerprint: nothing about the device is read.
 */
const KEY = 'deviceId';
const VALID = /^[A-Za-z0-9_-]{16,64}$/;

export function deviceId(): string {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && VALID.test(kept)) return kept;
    const id = crypto.randomUUID().replace(/-/g, '');
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    return crypto.randomUUID().replace(/-/g, '');
  }
}
