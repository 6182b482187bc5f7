import type { FastifyBaseLogger } from 'fastify';
import type { Actor, Permission } from '@contesthub/shared';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './lib/mailer.js';
import type { PaymentGateway } from './lib/payments/index.js';
import type { Storage } from './lib/storage.js';
import type { PaymentRegistry } from './lib/payments/registry.js';
import type { Dispatcher } from './lib/events/dispatcher.js';
import type { Realtime } from './lib/realtime/index.js';
import type { MetricsCollector } from './lib/metrics.js';

/** What services need from the running app; passed explicitly so services stay plain functions. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  /** The one payment gateway: Paystack when PAYSTACK_SECRET_KEY is set, else the built-in sandbox. */
  gateway: PaymentGateway;
  /** What settles each kind of payment and payout, registered at the composition root (app.ts). */
  payments: PaymentRegistry<AppContext>;
  /** Hands recorded domain events to the subscribers registered at the composition root. */
  events: Dispatcher;
  /**
   * The real-time stream (GET /api/notifications/stream): writers tell it what they appended after
   * their commit; logout, revocation and a ban close streams through it, on every instance.
   */
  realtime: Realtime;
  /** This instance's request, latency, error, process and job figures (lib/metrics.ts; system monitoring). */
  metrics: MetricsCollector;
  /** `draining` turns true when the server starts stopping: readiness answers 503 from then on. */
  lifecycle: { draining: boolean };
  log: FastifyBaseLogger;
}

/** The signed-in caller of a request; `Actor` (userId and role) is what the rules see of it. */
export interface AuthInfo extends Actor {
  sessionId: string;
  isVerified: boolean;
}

/**
 * Who may call a route (`config.access`), checked before validation. Every /api route declares one
 * (deny by default: the server refuses to start otherwise); `public` is said out loud.
 * - public: anyone, a token is not even read; optional: anyone, signed in when a valid token is sent
 * - signedIn; verified (email verified); moderator (moderators and admins); admin
 */
export type Access = 'public' | 'optional' | 'signedIn' | 'verified' | 'moderator' | 'admin';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth?: AuthInfo;
  }
  interface FastifyContextConfig {
    /** Who may call the route; read by the auth plugin's onRequest hook. Required on every /api route. */
    access?: Access;
    /**
     * A staff route's named permission (packages/shared/src/permissions.ts), checked after `access`:
     * a moderator calling an admin-only action is refused here, by the same names the web hides with.
     */
    permission?: Permission;
    /** Requests of this route served at once before the overflow gets 429 (plugins/load-shedding.ts). */
    maxInFlight?: number;
  }
}
