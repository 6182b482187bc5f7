import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { MESSAGES, RESEND_COOLDOWN_SECONDS, RESET_CODE_TTL_MINUTES } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import {
  consumeCodeRow,
  consumeUnusedCodes,
  findLiveCode,
  insertCode,
  latestCodeAt,
  setCodeAttempts,
  type CodePurpose,
} from './codes.repository.js';

export type { CodePurpose } from './codes.repository.js';

const TTL_MINUTES: Record<CodePurpose, number> = { email_verification: 30, password_reset: RESET_CODE_TTL_MINUTES };
/** Wrong guesses allowed per code: 5 tries at a 6-digit code leaves a 1 in 200,000 chance. */
export const MAX_CODE_ATTEMPTS = 5;

/** An HMAC keyed by the server secret: a database dump alone does not reveal live codes. */
export function hashSecretValue(ctx: AppContext, purpose: string, value: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(`${purpose}:${value}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Seconds until another code may be sent (0 when allowed). */
export async function cooldownRemaining(db: DbOrTx, userId: string, purpose: CodePurpose): Promise<number> {
  const latest = await latestCodeAt(db, userId, purpose);
  if (!latest) return 0;
  const elapsed = (now().getTime() - latest.getTime()) / 1000;
  return Math.max(0, Math.ceil(RESEND_COOLDOWN_SECONDS - elapsed));
}

/** Refuses with 429 while the previous code for this purpose is younger than the cooldown. */
export async function assertCooldownOver(db: DbOrTx, userId: string, purpose: CodePurpose): Promise<void> {
  const wait = await cooldownRemaining(db, userId, purpose);
  if (wait > 0) throw new AppError(429, MESSAGES.accounts.resendCooldown(wait), 'RATE_LIMITED', { retryAfterSeconds: wait });
}

/** A fresh 6-digit code; earlier unused codes of the same purpose stop working. */
export async function issueCode(ctx: AppContext, db: DbOrTx, userId: string, purpose: CodePurpose): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const at = now();
  await consumeUnusedCodes(db, userId, purpose, at);
  await insertCode(db, {
    userId,
    purpose,
    codeHash: hashSecretValue(ctx, purpose, code),
    createdAt: at,
    expiresAt: new Date(at.getTime() + TTL_MINUTES[purpose] * 60_000),
  });
  return code;
}

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'locked';

/**
 * Checks a code against the user's live code for the purpose and consumes it on success.
 * Every wrong guess is counted; after MAX_CODE_ATTEMPTS the code is dead.
 */
export async function consumeCode(ctx: AppContext, db: DbOrTx, userId: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  const at = now();
  const live = await findLiveCode(db, userId, purpose);
  if (!live || live.expiresAt <= at) return 'expired';
  if (live.attempts >= MAX_CODE_ATTEMPTS) return 'locked';
  if (!sameHash(live.codeHash, hashSecretValue(ctx, purpose, code))) {
    await setCodeAttempts(db, live.id, live.attempts + 1);
    return live.attempts + 1 >= MAX_CODE_ATTEMPTS ? 'locked' : 'invalid';
  }
  // Consume atomically: of two concurrent correct submissions only one succeeds.
  return (await consumeCodeRow(db, live.id, at)) ? 'ok' : 'expired';
}
