import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { MESSAGES, PRODUCT_NAME, type ApiFailure } from '@contesthub/shared';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { createMailer } from './lib/mailer.js';
import { createGateway } from './lib/payments/index.js';
import { createScheduler, type Scheduler } from './lib/jobs.js';
import { createJobQueueScheduler } from './lib/job-queue.js';
import { nonBlockingStdout } from './lib/log-destination.js';
import { createMetrics } from './lib/metrics.js';
import { jobsOf, paymentRegistry, subscribers } from './composition.js';
import { createDispatcher } from './lib/events/dispatcher.js';
import { setEventWakeUp } from './lib/events/index.js';
import { now } from './lib/clock.js';
import { createRealtime } from './lib/realtime/index.js';
import { streamRenderer } from './modules/realtime/stream-renderer.js';
import { streamRoutes } from './modules/realtime/stream.routes.js';
import { createStorage } from './lib/storage.js';
import { openSharedLimits, type SharedLimitsTarget } from './lib/rate-limit-store.js';
import { registerLoadShedding } from './plugins/load-shedding.js';
import { registerAuth } from './plugins/auth.js';
import { banOfUser, findLiveSessionOf, liveSessionIds, recordActivity } from './modules/auth/sessions.repository.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors.js';
import { BODY_LIMITS, withBodyLimit } from './plugins/body-limits.js';
import { registerRequestGuards } from './plugins/request-guards.js';
import { validatorCompiler } from './plugins/validation.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { FIRST_DATA_SCRIPT_SOURCE, loadSpaShell } from './lib/spa-shell.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { commentRoutes, contestCommentRoutes } from './modules/comments/comments.routes.js';
import { contestStatusRoutes, refundContestRoutes } from './modules/contest-settlement/contest-settlement.routes.js';
import { contestRoutes } from './modules/contests/contests.routes.js';
import { reportRoutes } from './modules/contests/reports.routes.js';
import { contestEntryRoutes, entryRoutes } from './modules/entries/entries.routes.js';
import { contestStatsRoutes, voteRoutes } from './modules/votes/votes.routes.js';
import { messageRoutes } from './modules/messages/messages.routes.js';
import { referralRoutes } from './modules/referrals/referrals.routes.js';
import { profilePictureRoutes } from './modules/users/profile-picture.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { paymentRoutes } from './modules/payments/payments.routes.js';
import { paystackWebhookRoutes } from './modules/payments/paystack-webhook.js';
import { voteCreditRoutes } from './modules/vote-credits/vote-credits.routes.js';
import { transactionRoutes } from './modules/transactions/transactions.routes.js';
import { transferRoutes } from './modules/transfers/transfers.routes.js';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes.js';
import { announcementRoutes, notificationRoutes } from './modules/notifications/notifications.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { operationsRoutes } from './modules/operations/operations.routes.js';
import { contestOpsRoutes } from './modules/contest-ops/contest-ops.routes.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { adminUserRoutes } from './modules/admin-users/admin-users.routes.js';
import { standingRoutes } from './modules/standing/standing.routes.js';
import { banAppealRoutes } from './modules/standing/ban-appeal.routes.js';
import { fraudRoutes, voteIntegrityRoutes } from './modules/fraud/fraud.routes.js';
import { notificationPreferenceRoutes } from './modules/notifications/preferences.routes.js';
import { DbSandboxStore } from './modules/payments/sandbox-store.js';
import { ensureAdmin } from './modules/users/users.service.js';
import { seedDemo } from './seed/demo.js';

export interface BuildOptions {
  /** Use this database instead of opening one from config (tests share a migrated instance). */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Run the in-process scheduler (contest phases and payouts); default: on, except when config.env is 'test'. */
  jobs?: boolean;
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  const pretty = process.stdout.isTTY && config.env !== 'production';
  // A pipe on stdout (a supervisor, `| tee`, a container runtime) must never block the process.
  const stream = pretty ? undefined : nonBlockingStdout();
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
    ...(stream ? { stream } : {}),
  };
}

function contentSecurityPolicy(config: Config) {
  const mediaOrigins = config.storage.driver === 's3' && config.storage.publicUrl ? [new URL(config.storage.publicUrl).origin] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", FIRST_DATA_SCRIPT_SOURCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
      mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/** Answers smaller than this go out uncompressed: the CPU costs more than the bytes save. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * How uploaded media is served from local disk (also by the storage tests, so they read media as
 * the app serves it). Uploads are written to a dot-named temp file and renamed: never serve one
 * half-written.
 */
export const mediaStaticOptions = (root: string) =>
  ({ root, prefix: '/media/', decorateReply: false, index: false, maxAge: '7d', dotfiles: 'ignore' }) as const;

const trustHops = (hops: number) => (_address: string, index: number) => index < hops;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Bodies are small JSON; routes that take more say so (BODY_LIMITS), and uploads stream past this.
    bodyLimit: BODY_LIMITS.default,
    // A hop count trusts that many proxies nearest to us (as proxy-addr counts them).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // System monitoring's figures of this instance: every answer's status and time, every unhandled failure.
  const metrics = createMetrics();
  app.addHook('onResponse', async (req, reply) => {
    // A live stream (SSE) lasts minutes or hours: it is not an answer time.
    if (String(req.headers.accept ?? '').includes('text/event-stream')) return;
    metrics.recordResponse(reply.statusCode, reply.elapsedTime);
  });
  app.addHook('onClose', async () => metrics.close());
  registerErrorHandler(app, { onUnhandled: (failure) => metrics.recordFailure(failure) });
  registerRequestGuards(app);

  const database =
    options.database ??
    openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
  await database.migrate();
  const mailer = createMailer({
    db: database.db,
    from: config.mailFrom,
    log: app.log,
    ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
  });
  const storage = createStorage(config);
  const gateway = createGateway(config, { sandboxStore: new DbSandboxStore(database.db) });
  // The real-time stream: this instance's hub, and on PostgreSQL one LISTEN connection for the others' signals.
  const realtime = createRealtime({
    db: database.db,
    listenUrl: database.kind === 'postgres' ? database.url : undefined,
    renderer: streamRenderer,
    log: app.log,
    sessionCheck: (ids) => liveSessionIds(database.db, ids, now()),
  });
  const events = createDispatcher(database.db, subscribers({ mailer, realtime, config }), app.log);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    storage,
    gateway,
    payments: paymentRegistry,
    events,
    realtime,
    metrics,
    lifecycle: { draining: false },
    log: app.log,
  };
  app.decorate('ctx', ctx);
  // Open streams end before the server waits for its connections to close (they would never end otherwise).
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    mailer.close();
    if (!options.database) await database.close();
  });

  await events.init();
  await ensureAdmin(ctx);
  if (config.seedDemo) await seedDemo(ctx);

  // Scheduler: started once the app is ready, stopped (waiting for a tick in progress) before the database closes.
  let scheduler: Scheduler | undefined;
  if (options.jobs ?? config.env !== 'test') {
    app.addHook('onReady', async () => {
      // PostgreSQL: the job queue shared by every instance; the embedded database: this process alone.
      scheduler =
        database.kind === 'postgres' && database.url
          ? await createJobQueueScheduler(jobsOf(ctx), ctx.log, { connectionString: database.url })
          : createScheduler(jobsOf(ctx), ctx.log);
      const running = scheduler;
      metrics.watchJobs(() => running.stats());
      // A recorded event wakes the dispatcher (it would otherwise look again within a second).
      // Coalesced over a quarter second, so a rush of votes makes batches, not one run per vote.
      setEventWakeUp(() => scheduler?.wake('event-dispatch', 250));
      void scheduler.runNow();
    });
    app.addHook('preClose', async () => {
      setEventWakeUp(undefined);
      metrics.watchJobs(undefined);
      await scheduler?.stop();
    });
  }

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  await app.register(helmet, { contentSecurityPolicy: contentSecurityPolicy(config), crossOriginEmbedderPolicy: false });
  // Text answers over 1 KB go out as Brotli or gzip (whichever the browser prefers), with
  // `Vary: Accept-Encoding`. Brotli at quality 4 compresses a JSON page about as well as gzip -9 at
  // a fraction of the CPU of quality 11; built assets come precompressed (see the SPA below), media
  // (images, video) is left alone. Small answers (a vote) are not worth the CPU.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Request bodies are never inflated: a compressed upload could hide a huge body behind a small one.
    globalDecompression: false,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  // Rate-limit counters every instance shares (ADR 014): Valkey/Redis when configured, else the
  // PostgreSQL database; on the embedded PGlite (one process) the plugin's in-memory store.
  const limitsTarget: SharedLimitsTarget | undefined = config.redisUrl
    ? { kind: 'redis', url: config.redisUrl }
    : database.kind === 'postgres' && database.url
      ? { kind: 'postgres', url: database.url }
      : undefined;
  const sharedLimits = limitsTarget && openSharedLimits(limitsTarget, app.log);
  if (sharedLimits) {
    app.addHook('onClose', () => sharedLimits.close());
    await sharedLimits.ready();
  }
  // skipOnError: a store error lets the request through (the store already falls back to counting in process).
  await app.register(rateLimit, { global: false, skipOnError: true, ...(sharedLimits ? { store: sharedLimits.store } : {}) });
  // Before auth: an overloaded route refuses without spending a session look-up.
  registerLoadShedding(app);
  registerAuth(app, { findLive: findLiveSessionOf, recordActivity, banOf: banOfUser });

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description: 'Every answer is an envelope: {success, message?, data} or {success:false, message, errorType?, errors?}.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(withBodyLimit(authRoutes, BODY_LIMITS.credentials), { prefix: '/auth' });
      await api.register(profilePictureRoutes, { prefix: '/auth' });
      await api.register(userRoutes, { prefix: '/users' });
      await api.register(referralRoutes, { prefix: '/referrals' });
      await api.register(withBodyLimit(contestRoutes, BODY_LIMITS.contestForm), { prefix: '/contests' });
      await api.register(reportRoutes, { prefix: '/contests' });
      await api.register(contestStatusRoutes, { prefix: '/contests' });
      await api.register(contestStatsRoutes, { prefix: '/contests' });
      await api.register(contestEntryRoutes, { prefix: '/contests' });
      await api.register(contestCommentRoutes, { prefix: '/contests' });
      await api.register(entryRoutes, { prefix: '/entries' });
      await api.register(voteRoutes, { prefix: '/votes' });
      await api.register(refundContestRoutes, { prefix: '/votes' });
      await api.register(commentRoutes, { prefix: '/comments' });
      await api.register(supportRoutes, { prefix: '/support' });
      await api.register(analyticsRoutes, { prefix: '/analytics' });
      await api.register(dashboardRoutes, { prefix: '/dashboard' });
      await api.register(walletRoutes, { prefix: '/wallet' });
      await api.register(paymentRoutes, { prefix: '/payments' });
      await api.register(paystackWebhookRoutes, { prefix: '/payments/paystack' });
      await api.register(voteCreditRoutes, { prefix: '/vote-credits' });
      await api.register(transactionRoutes, { prefix: '/transactions' });
      await api.register(transferRoutes, { prefix: '/vote-credit-transfers' });
      await api.register(subscriptionRoutes, { prefix: '/subscriptions' });
      await api.register(reconciliationRoutes, { prefix: '/admin' });
      await api.register(messageRoutes, { prefix: '/messages' });
      await api.register(notificationRoutes, { prefix: '/notifications' });
      await api.register(streamRoutes, { prefix: '/notifications' });
      await api.register(notificationPreferenceRoutes, { prefix: '/notifications' });
      await api.register(announcementRoutes, { prefix: '/admin-tools' });
      await api.register(auditRoutes, { prefix: '/admin-tools' });
      await api.register(operationsRoutes, { prefix: '/admin-tools' });
      await api.register(contestOpsRoutes, { prefix: '/admin-tools' });
      await api.register(moderationRoutes, { prefix: '/admin-tools' });
      await api.register(adminUserRoutes, { prefix: '/admin-tools' });
      await api.register(standingRoutes, { prefix: '/users' });
      await api.register(banAppealRoutes, { prefix: '/appeals' });
      await api.register(fraudRoutes, { prefix: '/admin-tools' });
      await api.register(voteIntegrityRoutes, { prefix: '/contests' });
    },
    { prefix: '/api' },
  );
  // robots.txt and sitemap.xml: answers of their own, not the app's HTML (a file of that name in
  // the web build wins: an operator's own robots.txt is served as it is).
  const built = (file: string) => existsSync(path.join(config.webDistDir, file));
  await app.register(siteRoutes, { robots: !built('robots.txt'), sitemap: !built('sitemap.xml') });

  const mediaDir = path.join(config.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, mediaStaticOptions(mediaDir));

  const indexFile = path.join(config.webDistDir, 'index.html');
  const spaBuilt = existsSync(indexFile);
  if (spaBuilt) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // dist/ holds a .br and a .gz beside every text asset (vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Hashed bundles never change; the shell and the service worker must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }
  const shell = spaBuilt ? loadSpaShell(config.webDistDir) : undefined;

  app.setNotFoundHandler(async (req, reply) => {
    const [url = '', query] = req.url.split('?', 2);
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/')) {
      return reply.status(404).send({ success: false, message: MESSAGES.server.notFound, errorType: 'NOT_FOUND' } satisfies ApiFailure);
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && shell) {
      // History fallback: the SPA's router decides what a path shows (unknown paths show home).
      // The page carries modulepreload links for its route's code, in each encoding made at start.
      const page = shell.forPath(url, query === undefined ? '' : `?${query}`);
      reply.status(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      const encoding = negotiate(req.headers['accept-encoding'] ?? '', ['br', 'gzip']);
      if (encoding === 'br' || encoding === 'gzip') return reply.header('content-encoding', encoding).send(page[encoding]);
      return reply.send(page.html);
    }
    return reply
      .status(404)
      .type('text/plain')
      .send(shell ? 'Not found' : 'The web app is not built yet: run `npm run build`.');
  });

  return app;
}
