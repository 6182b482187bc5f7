import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  ZAuthResult,
  ZChangePassword,
  ZCodeSent,
  ZEmailOnly,
  ZLogin,
  ZLoginAlerts,
  ZLoginAlertsState,
  ZRefresh,
  ZRegister,
  ZRegisterResult,
  ZResetPasswordRequest,
  ZResetRequested,
  ZSessionList,
  ZTokens,
  ZTwoFactorDisable,
  ZTwoFactorEnable,
  ZTwoFactorSetup,
  ZTwoFactorState,
  ZTwoFactorStatus,
  ZUpdateProfile,
  ZUserAnswer,
  ZVerifyEmail,
  ZVerifyEmailResult,
} from '@contesthub/shared';
import { AppError } from '../../lib/errors.js';
import { clientMeta, envelope, ok, rateLimits } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import { loadPublicUser } from '../users/users.service.js';
import { updateProfile } from '../users/profile.service.js';
import { login, setLoginAlerts } from './login.js';
import { changePassword, forgotPassword, resetPassword } from './passwords.js';
import { register, resendVerification, verifyEmail } from './register.js';
import { listSessions, refresh, revokeOwnSession, revokeSession, userById } from './sessions.js';
import * as twoFactor from './two-factor.service.js';

const tags = ['auth'];
const nothing = envelope(z.null());

/**
 * Credential endpoints are limited twice: per IP and account (tight, stops guessing one password)
 * and per IP alone (looser, because many Nigerian mobile users share one carrier NAT address).
 */
const PER_IP_LIMIT = { max: 100, timeWindow: '1 minute' };
const PER_ACCOUNT_LIMIT = { max: 10, timeWindow: '1 minute' };
/** Mail-sending endpoints: a handful per IP, on top of the per-account 60 s cooldown. */
const MAIL_LIMIT = { max: 10, timeWindow: '10 minutes' };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // A second limiter on the same route: the plugin's route hook marks a request as limited once,
  // so this one is checked by hand after the body is parsed (it keys on the email).
  const accountLimiter = app.createRateLimit({
    ...PER_ACCOUNT_LIMIT,
    keyGenerator: (req) => `${req.ip}|${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
  });
  const perAccount = async (req: FastifyRequest) => {
    const verdict = await accountLimiter(req);
    if (!verdict.isAllowed && 'isExceeded' in verdict && verdict.isExceeded) {
      throw new AppError(429, MESSAGES.server.rateLimited, 'RATE_LIMITED', { retryAfterSeconds: verdict.ttlInSeconds });
    }
  };

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Create an account (sends a verification code)',
        body: ZRegister,
        response: { 201: envelope(ZRegisterResult) },
      },
      config: { access: 'public', rateLimit: rateLimits.perAddress(20, '10 minutes') },
    },
    async (req, reply) => reply.status(201).send(ok(await register(app.ctx, req.body, clientMeta(req)), 'Registration successful')),
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags,
        summary: 'Verify the email address with the 6-digit code',
        body: ZVerifyEmail,
        response: { 200: envelope(ZVerifyEmailResult) },
      },
      config: { access: 'optional', rateLimit: rateLimits.perAddress(30, '10 minutes') },
    },
    async (req) => ok(await verifyEmail(app.ctx, req.body, req.auth, clientMeta(req)), 'Email verified successfully'),
  );

  app.post(
    '/resend-verification',
    {
      schema: { tags, summary: 'Send a new verification code', body: ZEmailOnly, response: { 200: envelope(ZCodeSent) } },
      config: { access: 'public', rateLimit: MAIL_LIMIT },
    },
    async (req) => ok(await resendVerification(app.ctx, req.body.email), MESSAGES.accounts.verificationSent),
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Log in with email and password (and a second factor when enabled)',
        body: ZLogin,
        response: { 200: envelope(ZAuthResult) },
      },
      config: { access: 'public', rateLimit: PER_IP_LIMIT },
      preHandler: perAccount,
    },
    async (req) => ok(await login(app.ctx, req.body, clientMeta(req)), 'Login successful'),
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token',
        body: ZRefresh,
        response: { 200: envelope(ZTokens) },
      },
      config: { access: 'public', rateLimit: PER_IP_LIMIT },
    },
    async (req) => ok(await refresh(app.ctx, req.body.refreshToken)),
  );

  app.post(
    '/logout',
    { schema: { tags, summary: 'End the current session', response: { 200: nothing } }, config: { access: 'signedIn' } },
    async (req) => {
      await revokeSession(app.ctx, requireAuth(req).sessionId, 'logout');
      return ok(null, 'Logged out successfully');
    },
  );

  app.get(
    '/me',
    {
      schema: { tags, summary: 'The signed-in user', response: { 200: envelope(ZUserAnswer) } },
      config: { access: 'signedIn' },
    },
    async (req) => {
      const user = await loadPublicUser(app.ctx.db, requireAuth(req).userId);
      if (!user) throw new Error('signed-in user vanished');
      return ok({ user });
    },
  );

  app.put(
    '/profile',
    {
      schema: { tags, summary: 'Update my profile', body: ZUpdateProfile, response: { 200: envelope(ZUserAnswer) } },
      config: { access: 'signedIn' },
    },
    async (req) => ok({ user: await updateProfile(app.ctx, requireAuth(req).userId, req.body) }, MESSAGES.accounts.profileUpdated),
  );

  app.get(
    '/sessions',
    {
      schema: { tags, summary: 'My active sessions', response: { 200: envelope(ZSessionList) } },
      config: { access: 'signedIn' },
    },
    async (req) => ok({ sessions: await listSessions(app.ctx, requireAuth(req)) }),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign out one of my sessions',
        params: z.object({ id: z.uuid({ error: MESSAGES.accounts.sessionNotFound }) }),
        response: { 200: nothing },
      },
      config: { access: 'signedIn' },
    },
    async (req) => {
      await revokeOwnSession(app.ctx, requireAuth(req), req.params.id);
      return ok(null, 'Session revoked');
    },
  );

  app.get(
    '/2fa/status',
    {
      schema: {
        tags,
        summary: 'Two-factor status',
        response: { 200: envelope(ZTwoFactorStatus) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await twoFactor.status(app.ctx, requireAuth(req).userId)),
  );

  app.post(
    '/2fa/setup',
    {
      schema: { tags, summary: 'Start two-factor enrolment', response: { 200: envelope(ZTwoFactorSetup) } },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await twoFactor.setup(app.ctx, await userById(app.ctx, requireAuth(req).userId))),
  );

  app.post(
    '/2fa/enable',
    {
      schema: {
        tags,
        summary: 'Finish enrolment with a code from the app',
        body: ZTwoFactorEnable,
        response: { 200: envelope(ZTwoFactorState) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perAddress(10) },
    },
    async (req) => {
      await twoFactor.enable(app.ctx, await userById(app.ctx, requireAuth(req).userId), req.body.token);
      return ok({ enabled: true }, MESSAGES.accounts.twoFactorEnabled);
    },
  );

  app.post(
    '/2fa/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor off (password required)',
        body: ZTwoFactorDisable,
        response: { 200: envelope(ZTwoFactorState) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perAddress(10) },
    },
    async (req) => {
      await twoFactor.disable(app.ctx, await userById(app.ctx, requireAuth(req).userId), req.body.password);
      return ok({ enabled: false }, MESSAGES.accounts.twoFactorDisabled);
    },
  );

  app.put(
    '/login-alerts',
    {
      schema: {
        tags,
        summary: 'Mail me when my account is used from a new device',
        body: ZLoginAlerts,
        response: { 200: envelope(ZLoginAlertsState) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await setLoginAlerts(app.ctx, requireAuth(req), req.body.enabled)),
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a 6-digit password reset code',
        body: ZEmailOnly,
        response: { 200: envelope(ZResetRequested) },
      },
      config: { access: 'public', rateLimit: MAIL_LIMIT },
    },
    async (req) => {
      await forgotPassword(app.ctx, req.body.email);
      return ok({ emailSent: true }, MESSAGES.accounts.resetRequested);
    },
  );

  app.post(
    '/reset-password',
    {
      schema: { tags, summary: 'Set a new password with the reset code', body: ZResetPasswordRequest, response: { 200: nothing } },
      config: { access: 'public', rateLimit: rateLimits.perAddress(20, '10 minutes') },
    },
    async (req) => {
      await resetPassword(app.ctx, req.body);
      return ok(null, MESSAGES.accounts.resetDone);
    },
  );

  app.put(
    '/change-password',
    {
      schema: { tags, summary: 'Change my password', body: ZChangePassword, response: { 200: nothing } },
      config: { access: 'signedIn', rateLimit: rateLimits.perAddress(10) },
    },
    async (req) => {
      await changePassword(app.ctx, requireAuth(req), req.body);
      return ok(null, MESSAGES.accounts.passwordChanged);
    },
  );
};
