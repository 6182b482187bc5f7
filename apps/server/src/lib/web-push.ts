/**
 * Web push (RFC 8030 with VAPID, RFC 8292, and aes128gcm payload encryption, RFC 8291) through the
 * web-push library (ADR 023): it builds the signed, encrypted request; we send
 * it with fetch, so a timeout, the push service's answer and a local push service in tests are ours.
 */
import webpush from 'web-push';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  /** Seconds the push service keeps the message for a browser that is offline. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces a message with the same topic still waiting at the push service. */
  topic?: string;
}

/** What the push service answered: delivered, gone (404/410: drop the subscription) or failed (try again later). */
export type PushOutcome =
  { kind: 'sent'; status: number } | { kind: 'gone'; status: number } | { kind: 'failed'; status: number | null; error: string };

export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>;
}

export function createPushSender(vapid: { publicKey: string; privateKey: string; subject: string }, timeoutMs = 10_000): PushSender {
  return {
    publicKey: vapid.publicKey,
    async send(target, payload, options) {
      const details = webpush.generateRequestDetails(target, payload, {
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic ? { topic: options.topic } : {}),
        vapidDetails: vapid,
        contentEncoding: 'aes128gcm',
      });
      try {
        const res = await fetch(details.endpoint, {
          // A push service answers, it does not send us elsewhere: a redirect is a failure, never followed.
          redirect: 'manual',
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ?? null,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
        if (res.status >= 300 && res.status < 400)
          return { kind: 'failed', status: res.status, error: `push service redirected (${res.status}); not followed` };
        if (res.ok) return { kind: 'sent', status: res.status };
        return { kind: 'failed', status: res.status, error: `push service answered ${res.status}` };
      } catch (err) {
        return { kind: 'failed', status: null, error: String((err as Error).message ?? err).slice(0, 300) };
      }
    },
  };
}
