import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './lib/mailer.js';
import type { PaymentGateway } from './lib/payments/index.js';
import type { Storage } from './lib/storage.js';

/** What services need from the running app; passed explicitly so services stay plain functions. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  /** The one payment gateway: Paystack when PAYSTACK_SECRET_KEY is set, else the built-in sandbox. */
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}

export interface AuthInfo {
  userId: string;
  sessionId: string;
  role: 'user' | 'moderator' | 'admin';
  isVerified: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth?: AuthInfo;
  }
  interface FastifyContextConfig {
    /** Who may call the route; read by the auth plugin's onRequest hook. */
    access?: 'public' | 'optional' | 'signedIn' | 'verified' | 'admin';
    /** Requests of this route served at once before the overflow gets 429 (plugins/load-shedding.ts). */
    maxInFlight?: number;
  }
}
