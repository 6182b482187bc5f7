import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contesthub-config-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The ConfigError thrown for this environment. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toMatch(/^Invalid configuration:/);
    return (err as ConfigError).problems;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('trusts no forwarded header unless TRUST_PROXY names the proxies', () => {
    const trust = (v?: string) =>
      loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'x'.repeat(32), ...(v === undefined ? {} : { TRUST_PROXY: v }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(
      loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'x'.repeat(32), NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).trustProxy,
    ).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, loopback,192.168.1.10, ::1')).toEqual(['10.0.0.0/8', 'loopback', '192.168.1.10', '::1']);
    for (const bad of ['true', '11', 'proxy.example.com', '10.0.0.0/33', '1.2.3']) {
      expect(problemsOf({ TRUST_PROXY: bad })).toEqual([
        'TRUST_PROXY: must be false, a hop count (1-10), or a comma-separated list of proxy addresses (IPs, CIDR ranges, loopback)',
      ]);
    }
  });

  it('reads SUPPORT_WHATSAPP as the digits of an international number, and refuses anything else', () => {
    const number = (v?: string) =>
      loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'x'.repeat(32), ...(v === undefined ? {} : { SUPPORT_WHATSAPP: v }) }).supportWhatsApp;
    expect(number()).toBeUndefined();
    expect(number('')).toBeUndefined();
    expect(number('+234 803 123-4567')).toBe('2348031234567');
    expect(number('2348031234567')).toBe('2348031234567');
    for (const bad of ['0803 123 4567', 'whatsapp', '+234', '+2348031234567890123']) {
      expect(problemsOf({ SUPPORT_WHATSAPP: bad })).toEqual([
        'SUPPORT_WHATSAPP: must be a phone number in international format, e.g. +2348012345678',
      ]);
    }
  });

  it('has working defaults for a laptop run', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve(dataDir),
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      admin: undefined,
      seedDemo: true,
      logLevel: 'info',
      storage: { driver: 'local' },
      paystack: { secretKey: undefined, baseUrl: 'https://api.paystack.co' },
    });
    expect(path.isAbsolute(config.webDistDir)).toBe(true);
  });

  it('does not seed demo data into a DATABASE_URL database unless asked', () => {
    const url = 'postgres://app:secret@db.example:5432/contesthub';
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url })).toMatchObject({ databaseUrl: url, seedDemo: false });
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '8080',
      PUBLIC_URL: 'https://contesthub.example/',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'long-enough-password',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      REDIS_URL: 'redis://:secret@valkey.internal:6379/2',
    });
    expect(config.port).toBe(8080);
    expect(config.redisUrl).toBe('redis://:secret@valkey.internal:6379/2');
    expect(loadConfig({ DATA_DIR: tempDir(), REDIS_URL: 'rediss://cache.example:6380' }).redisUrl).toBe('rediss://cache.example:6380');
    expect(config.publicUrl).toBe('https://contesthub.example');
    expect(config.admin).toEqual({ email: 'boss@example.com', password: 'long-enough-password' });
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'media', region: 'us-east-1', forcePathStyle: true });
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '80.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@localhost/app' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com' }],
    ['ADMIN_EMAIL', { ADMIN_PASSWORD: 'long-enough-password' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'short' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough-password' }],
    ['S3_BUCKET', { STORAGE_DRIVER: 's3', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }],
    ['STORAGE_DRIVER', { STORAGE_DRIVER: 'ftp' }],
    ['JWT_SECRET', { JWT_SECRET: 'too-short' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example' }],
    ['REDIS_URL', { REDIS_URL: 'http://cache.example:6379' }],
    ['REDIS_URL', { REDIS_URL: 'valkey.internal:6379' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['S3_FORCE_PATH_STYLE', { S3_FORCE_PATH_STYLE: 'sometimes' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
  ] as const)('names %s when it is wrong (%j)', (variable, env) => {
    const problems = problemsOf(env);
    expect(
      problems.some((p) => p.startsWith(`${variable}:`)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('reports every wrong variable at once', () => {
    const problems = problemsOf({ PORT: 'x', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
  });

  it('reports a field problem and a combination problem together', () => {
    const problems = problemsOf({ PORT: 'x', ADMIN_EMAIL: 'admin@example.com' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['ADMIN_PASSWORD', 'PORT']);
  });

  it('names all three S3 credentials when only the driver is set', () => {
    const problems = problemsOf({ STORAGE_DRIVER: 's3' });
    for (const variable of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(
        problems.some((p) => p.startsWith(`${variable}:`)),
        variable,
      ).toBe(true);
    }
  });

  it('refuses the sandbox gateway in production unless it is asked for by name', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'PAYSTACK_SECRET_KEY: is required in production (or set PAYMENTS_SANDBOX=true to run on test payments only)',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_x', PAYMENTS_SANDBOX: 'true' })).toEqual([
      'PAYMENTS_SANDBOX: cannot be true when PAYSTACK_SECRET_KEY is set',
    ]);
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).paystack.secretKey).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_x' }).paystack.secretKey).toBe(
      'sk_live_x',
    );
  });

  describe('JWT_SECRET', () => {
    it('uses the given secret and writes nothing', () => {
      const dataDir = tempDir();
      const secret = 'x'.repeat(40);
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).jwtSecret).toBe(secret);
      expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    });

    it('is generated once under DATA_DIR when unset and read back on the next start', () => {
      const dataDir = path.join(tempDir(), 'nested', 'data');
      const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
      expect(first.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dataDir, 'jwt-secret');
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
      // Another data dir is another installation with its own secret.
      expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first);
    });
  });
});
