/**
 * The only reader of process.env. Every variable is validated at start; a bad one stops the
 * process with one clear line per problem instead of failing later in a request.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const bool = (fallback: boolean | undefined) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), {
      message: hint,
    });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// or postgresql:// URL'),
    REDIS_URL: optionalUrl(/^rediss?:$/, 'must be a redis:// or rediss:// URL'),
    PUBLIC_URL: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
    JWT_SECRET: z
      .string()
      .optional()
      .refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
    SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
    MAIL_FROM: z.string().default('ContestHub <no-reply@contesthub.local>'),
    // Web push (VAPID, RFC 8292): both or neither; unset, a pair is generated once under DATA_DIR.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key in base64url (87 characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
      .optional(),
    PAYSTACK_SECRET_KEY: z.string().optional(),
    PAYSTACK_BASE_URL: z.url({ error: 'must be a URL' }).default('https://api.paystack.co'),
    PAYMENTS_SANDBOX: bool(undefined),
    ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    ADMIN_PASSWORD: z.string().optional(),
    SEED_DEMO: bool(undefined),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
    S3_ENDPOINT: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PUBLIC_URL: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
    S3_FORCE_PATH_STYLE: bool(true),
    WEB_DIST_DIR: z.string().optional(),
    SUPPORT_WHATSAPP: z
      .string()
      .trim()
      .optional()
      // Spaces, dashes, dots and brackets are how people write numbers; wa.me takes the digits.
      .transform((v) => (v ? v.replace(/[\s\-.()]/g, '') : undefined))
      .refine((v) => v === undefined || /^\+?[1-9]\d{7,14}$/.test(v), {
        message: 'must be a phone number in international format, e.g. +2348012345678',
      })
      .transform((v) => v?.replace(/^\+/, '')),
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (parsed === null) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be false, a hop count (1-10), or a comma-separated list of proxy addresses (IPs, CIDR ranges, loopback)',
          });
          return z.NEVER;
        }
        return parsed;
      }),
  })
  // Zod skips refinements once a field has failed; `when` runs this one anyway (it only reads
  // optional strings), so one start reports every problem, not just the field-level ones.
  .superRefine(
    (env, ctx) => {
      if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
          message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
        });
      }
      if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD.length < 8) {
        ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'must be at least 8 characters' });
      }
      // The sandbox approves any payment on a public page: in production it would hand out free naira
      // that a later Paystack key could pay out for real. It runs there only when asked for by name.
      if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together' });
      }
      if (env.NODE_ENV === 'production' && !env.PAYSTACK_SECRET_KEY && env.PAYMENTS_SANDBOX !== true) {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYSTACK_SECRET_KEY'],
          message: 'is required in production (or set PAYMENTS_SANDBOX=true to run on test payments only)',
        });
      }
      if (env.NODE_ENV === 'production' && env.PAYSTACK_SECRET_KEY && env.PAYMENTS_SANDBOX === true) {
        ctx.addIssue({ code: 'custom', path: ['PAYMENTS_SANDBOX'], message: 'cannot be true when PAYSTACK_SECRET_KEY is set' });
      }
      if (env.STORAGE_DRIVER === 's3') {
        for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
          if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE_DRIVER=s3' });
        }
      }
    },
    { when: () => true },
  );

/**
 * Which proxies may tell us the client's address in X-Forwarded-For. Off by default: without a
 * proxy in front, anyone can write that header, and per-IP limits and session addresses would
 * believe it. A hop count trusts that many proxies in front of the server; a list trusts exactly
 * those addresses (IPs, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | number | string[];

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** undefined for "unset or off", the setting, or null when it cannot be understood. */
function parseTrustProxy(raw: string | undefined): TrustProxy | null {
  if (raw === undefined || raw === '' || /^(false|no|off|0)$/i.test(raw)) return false;
  if (/^\d{1,2}$/.test(raw)) {
    const hops = Number(raw);
    return hops >= 1 && hops <= 10 ? hops : null;
  }
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0 || items.length > 50) return null;
  for (const item of items) {
    if (PROXY_KEYWORDS.has(item)) continue;
    const [address, bits, extra] = item.split('/');
    if (extra !== undefined || !address || isIP(address) === 0) return null;
    if (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128))) return null;
  }
  return items;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Valkey or Redis for the rate-limit counters (REDIS_URL); unset: PostgreSQL's table, or this process on PGlite (ADR 014). */
  redisUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Web push: the VAPID key pair (base64url) and the contact sent to push services (mailto: MAIL_FROM's address). */
  vapid: { publicKey: string; privateKey: string; subject: string };
  paystack: { secretKey: string | undefined; baseUrl: string };
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  logLevel: string;
  storage:
    | { driver: 'local' }
    | {
        driver: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        publicUrl: string | undefined;
        /** `<endpoint>/<bucket>/<key>` addressing (S3_FORCE_PATH_STYLE, default true; MinIO needs it). */
        forcePathStyle: boolean;
      };
  webDistDir: string;
  /** Proxies allowed to set X-Forwarded-For (TRUST_PROXY); false: the socket's address is the client's. */
  trustProxy: TrustProxy;
  /** Support's WhatsApp number, digits in international form (SUPPORT_WHATSAPP); unset: no WhatsApp channel is shown. */
  supportWhatsApp: string | undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Where the built SPA lives, both from src/ (tests, tsx) and from the bundled dist/. */
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * JWT_SECRET, when unset, is generated once and kept under DATA_DIR so tokens survive restarts
 * without the operator having to invent a secret for a laptop run.
 */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The VAPID key pair, when not configured, is generated once and kept under DATA_DIR like the JWT
 * secret: browsers subscribed with the public key keep receiving pushes across restarts.
 */
function persistentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const d = ecdh.getPrivateKey();
  const keys = {
    publicKey: ecdh.getPublicKey('base64url', 'uncompressed'),
    // 32 bytes always (a leading zero byte is dropped by getPrivateKey).
    privateKey: Buffer.concat([Buffer.alloc(32 - d.length), d]).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** The VAPID subject: a mailto: of MAIL_FROM's address ('Name <a@b>' or 'a@b'). */
export function vapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  const config: Config = {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET ?? overrides.jwtSecret ?? persistentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : (overrides.vapid ?? persistentVapidKeys(dataDir))),
      subject: vapidSubject(e.MAIL_FROM),
    },
    paystack: { secretKey: e.PAYSTACK_SECRET_KEY || undefined, baseUrl: e.PAYSTACK_BASE_URL },
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    // Demo data goes only into the embedded database unless the operator asks for it.
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    logLevel: e.LOG_LEVEL,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            publicUrl: e.S3_PUBLIC_URL,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? true,
          }
        : { driver: 'local' },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDist,
    trustProxy: e.TRUST_PROXY ?? false,
    supportWhatsApp: e.SUPPORT_WHATSAPP,
  };
  return { ...config, ...overrides };
}
