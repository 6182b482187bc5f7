import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { BACKUP_CODE, MESSAGES, PRODUCT_NAME, type TTwoFactorSetup } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { verifyPassword } from '../../lib/passwords.js';
import { updateUser, type UserRow } from '../users/users.repository.js';
import {
  claimTotpStep,
  deleteBackupCodes,
  insertBackupCodes,
  twoFactorEnabled,
  unusedBackupCodes,
  useBackupCode,
} from './auth.repository.js';
import { twoFactorChanged } from './auth.events.js';
import { hashSecretValue } from './codes.js';

const BACKUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
// One 30-second step either side absorbs phone clock drift (RFC 6238 §5.2).
const TOLERANCE_SECONDS = 30;

const epochSeconds = () => Math.floor(now().getTime() / 1000);

function newBackupCode(): string {
  let code = '';
  for (let i = 0; i < BACKUP_CODE.length; i++) code += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
  return code;
}

const hashBackup = (ctx: AppContext, code: string) => hashSecretValue(ctx, 'backup', code.trim().toUpperCase());

/** The time step a code matches, or null. */
async function matchingStep(secret: string, token: string, afterTimeStep?: number | null): Promise<number | null> {
  const result = await verifyTotp({
    secret,
    token,
    epoch: epochSeconds(),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep != null ? { afterTimeStep } : {}),
  });
  // The functional API types the answer as TOTP or HOTP; a TOTP match carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export async function status(ctx: AppContext, userId: string): Promise<{ enabled: boolean; backupCodesRemaining: number }> {
  const enabled = await twoFactorEnabled(ctx.db, userId);
  const remaining = await unusedBackupCodes(ctx.db, userId);
  return { enabled: enabled ?? false, backupCodesRemaining: enabled ? remaining : 0 };
}

/**
 * Starts (or restarts) enrolment: a new pending secret and 10 backup codes. Nothing changes for
 * login until /enable proves the authenticator app holds the secret.
 */
export async function setup(ctx: AppContext, user: UserRow): Promise<TTwoFactorSetup> {
  if (user.twoFactorEnabled) throw new AppError(409, MESSAGES.accounts.twoFactorAlreadyEnabled, '2FA_ALREADY_ENABLED');
  const secret = generateSecret();
  const codes = Array.from({ length: BACKUP_CODE.count }, newBackupCode);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { twoFactorPendingSecret: secret, updatedAt: now() });
    await deleteBackupCodes(tx, user.id);
    await insertBackupCodes(
      tx,
      user.id,
      codes.map((c) => hashBackup(ctx, c)),
    );
  });
  const qrCodeUrl = generateURI({ issuer: PRODUCT_NAME, label: user.email, secret });
  const qrCodeImage = await QRCode.toDataURL(qrCodeUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  return { qrCodeUrl, qrCodeImage, secret, backupCodes: codes };
}

export async function enable(ctx: AppContext, user: UserRow, token: string): Promise<void> {
  if (user.twoFactorEnabled) throw new AppError(409, MESSAGES.accounts.twoFactorAlreadyEnabled, '2FA_ALREADY_ENABLED');
  if (!user.twoFactorPendingSecret) throw AppError.badRequest(MESSAGES.accounts.twoFactorSetupFirst);
  const step = await matchingStep(user.twoFactorPendingSecret, token);
  if (step === null) throw new AppError(400, MESSAGES.login.INVALID_2FA_TOKEN, 'INVALID_2FA_TOKEN');
  const at = now();
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, {
      twoFactorEnabled: true,
      twoFactorSecret: user.twoFactorPendingSecret,
      twoFactorPendingSecret: null,
      twoFactorLastStep: step,
      updatedAt: at,
    });
    await recordEvent(tx, twoFactorChanged, { userId: user.id, at: at.toISOString(), enabled: true }, { actorId: user.id });
  });
}

export async function disable(ctx: AppContext, user: UserRow, password: string): Promise<void> {
  if (!user.twoFactorEnabled) throw new AppError(400, MESSAGES.accounts.twoFactorNotEnabled, '2FA_NOT_ENABLED');
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError(400, MESSAGES.login.INVALID_PASSWORD, 'INVALID_PASSWORD');
  const at = now();
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, {
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorLastStep: null,
      updatedAt: at,
    });
    await deleteBackupCodes(tx, user.id);
    await recordEvent(tx, twoFactorChanged, { userId: user.id, at: at.toISOString(), enabled: false }, { actorId: user.id });
  });
}

/**
 * The second factor at login. A TOTP code is accepted once (its time step must be newer than the
 * last accepted one, claimed atomically); a backup code is marked used atomically.
 */
export async function checkSecondFactor(
  ctx: AppContext,
  db: DbOrTx,
  user: UserRow,
  input: { twoFactorToken?: string | undefined; backupCode?: string | undefined },
): Promise<'ok' | 'INVALID_2FA_TOKEN' | 'INVALID_BACKUP_CODE'> {
  if (input.twoFactorToken) {
    const step = user.twoFactorSecret ? await matchingStep(user.twoFactorSecret, input.twoFactorToken, user.twoFactorLastStep) : null;
    if (step === null) return 'INVALID_2FA_TOKEN';
    return (await claimTotpStep(db, user.id, step)) ? 'ok' : 'INVALID_2FA_TOKEN';
  }
  return (await useBackupCode(db, user.id, hashBackup(ctx, input.backupCode ?? ''), now())) ? 'ok' : 'INVALID_BACKUP_CODE';
}
