/**
 * The fuzz suite (issue 10): every operation of the server's own OpenAPI document gets generated bad
 * input — wrong types, missing and extra fields, huge and negative numbers, 100 KB strings, NUL and
 * odd Unicode, `__proto__` keys, junk path parameters, broken JSON and multipart — with and without
 * valid tokens, over real sockets. Every answer must be below 500, in the envelope (JSON answers),
 * with no stack trace and no SQL, and /api/health must keep answering within 200 ms throughout.
 *
 * Cases come from fast-check with one seed per run, printed on failure; rerun one with
 * FUZZ_SEED=<seed> (and FUZZ_RUNS=<cases per operation>, 16 by default).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { Agent, Client, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, login, type TestApp } from './helpers.js';
import { createContest, createParticipant } from './entry-fixtures.js';
import { insertEntry } from './contest-fixtures.js';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
const HEALTH_BUDGET_MS = 200;

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
};

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
  consumes: string[];
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  label: string;
}

// ---------- generators ----------

/** Percent-encodes anything, lone surrogates included (as the bytes of an unpaired UTF-16 half, which no decoder accepts). */
function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return `${encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?'))}%ED%A0%80`;
  }
}

const LONG = [1_000, 15_000, 100_000];
const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '💥🎉',
  '\u202e\u200b\ufeff',
  'ﾟ･✿ヾ╲(｡◕‿◕｡)╱✿･ﾟ',
  '../../etc/passwd',
  '%00',
  '%',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30T25:61:00Z',
  '9'.repeat(400),
);
const longString = fc
  .constantFrom(...LONG)
  .chain((n) =>
    fc.constantFrom('a'.repeat(n), 'Aa1'.repeat(Math.ceil(n / 3)), `${'a'.repeat(n)}\u0000`, '€'.repeat(n), ' '.repeat(n), '.'.repeat(n)),
  );
const junkString = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: longString },
);
const junkNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0, 0.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
);
const junkScalar = fc.oneof(junkString, junkNumber, fc.boolean(), fc.constant(null));
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: junkScalar },
  { weight: 1, arbitrary: fc.array(junkScalar, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>({}, [], { __proto__: null }, JSON.parse('{"__proto__":{"isAdmin":true}}'), Array(2000).fill(1)),
  },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), junkScalar, { maxKeys: 3 }) },
);

/** A value that fits the schema most of the time (so the request gets past validation into the rules). */
function fromSchema(schema: JsonSchema, ids: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => fromSchema(s, ids, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return ids;
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({
        minLength: schema.minLength ?? 0,
        // A key of a fixed shape (a push subscription's p256dh: 86+ characters) needs room above its minimum.
        maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 30, 60)),
      });
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 1000, 1e9) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? fromSchema(schema.items, ids, depth + 1) : junkScalar, { maxLength: 3 });
    case 'object': {
      const props = schema.properties ?? {};
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) shape[k] = fromSchema(v, ids, depth + 1);
      return fc.record(shape, { requiredKeys: schema.required?.filter((k) => k in props) ?? [] });
    }
    default:
      return junkScalar;
  }
}

/** A schema-shaped body with one kind of damage (or none). */
function bodyValue(schema: JsonSchema | undefined, ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const base = schema ? fromSchema(schema, ids) : fc.constant({});
  const keys = Object.keys(schema?.properties ?? {});
  const mutated = fc.tuple(base, fc.nat(), junkValue, fc.string({ maxLength: 10 })).map(([value, pick, junk, extraKey]) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const key = keys.length ? keys[pick % keys.length]! : extraKey;
    switch (pick % 4) {
      case 0:
        copy[key] = junk; // a wrong type or a nasty value
        break;
      case 1:
        delete copy[key]; // a missing field
        break;
      case 2:
        copy[extraKey || 'extra'] = junk; // an extra field
        break;
      default:
        Object.defineProperty(copy, '__proto__', { value: { role: 'admin', isVerified: true }, enumerable: true });
    }
    return copy;
  });
  return fc.oneof({ weight: 2, arbitrary: base }, { weight: 5, arbitrary: mutated }, { weight: 1, arbitrary: junkValue });
}

const boundary = '----fuzz0123456789';
function multipartBody(fields: Record<string, unknown>, cut: boolean): Buffer {
  let text = '';
  for (const [k, v] of Object.entries(fields)) {
    text += `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`;
  }
  text += `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG junk\r\n--${boundary}--\r\n`;
  const buf = Buffer.from(text);
  return cut ? buf.subarray(0, Math.floor(buf.length / 2)) : buf;
}

type Encoding = 'json' | 'json-raw' | 'broken-json' | 'multipart' | 'multipart-cut' | 'multipart-no-boundary' | 'text' | 'form' | 'none';
const encoding = fc.constantFrom<Encoding>(
  'json',
  'json',
  'json',
  'json',
  'json-raw',
  'broken-json',
  'multipart',
  'multipart-cut',
  'multipart-no-boundary',
  'text',
  'form',
  'none',
);
const brokenJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '"\u0000"',
  '{"a":1}}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"x":1}}',
  '1'.repeat(5000),
);

/** A path parameter: a real id, a well-formed unknown one, or junk (encoded, badly encoded, overlong). */
function pathParam(ids: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: ids },
    { weight: 3, arbitrary: junkString.map((s) => encode(s.slice(0, 20_000)) || '%20') },
    { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%zz', '%00', '..%2F..%2Fetc', 'a'.repeat(10_000), '-1', '1.5', '%C0%AE') },
  );
}

// ---------- the suite ----------

let t: TestApp;
let base: string;
let ops: Operation[];
const tokens: Record<string, string | undefined> = {};
/** Who signs in again when a case signed them out (logout, session revocation, a password change). */
const accounts: Record<string, { email: string; password: string }> = {};

async function keepSignedIn(): Promise<void> {
  for (const [who, account] of Object.entries(accounts)) {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${tokens[who]}` } });
    if (me.statusCode === 200) continue;
    tokens[who] = (await login(t.app, account.email, account.password)).token;
  }
}
const realIds: string[] = [];

function operations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []) as Array<{ in: string; name: string; schema: JsonSchema }>;
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content ?? {};
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        body: content['application/json']?.schema ?? content['multipart/form-data']?.schema,
        consumes: Object.keys(content),
      });
    }
  }
  return out;
}

beforeAll(async () => {
  // Behind a trusted proxy on loopback, each case can come from its own address, so per-IP limits do
  // not turn most of the run into 429s and the cases reach the rules behind them.
  t = await createTestApp({}, { env: { TRUST_PROXY: 'loopback' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ops = operations(t.app.swagger() as never);

  const organizer = await createSignedInUser(t.app, { fullName: 'Fuzz Organizer', subscriptionTier: 'basic_premium' });
  const participant = await createParticipant(t.app);
  const admin = await createSignedInUser(t.app, { fullName: 'Fuzz Admin', role: 'admin' });
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      fullName: 'Fuzz Newcomer',
      email: 'fuzz.newcomer@example.test',
      phone: '08035550000',
      password: 'Passw0rd1',
      confirmPassword: 'Passw0rd1',
    },
  });
  tokens.user = participant.token;
  tokens.organizer = organizer.token;
  tokens.admin = admin.token;
  accounts.user = participant;
  accounts.organizer = organizer;
  accounts.admin = admin;
  tokens.unverified = (registered.json() as { data: { token: string } }).data.token;
  tokens.garbage = 'not-a-jwt';
  const contest = await createContest(t.ctx, organizer.userId, { status: 'active' });
  const entryId = await insertEntry(t.ctx, contest.id, participant.userId, { status: 'approved' });
  realIds.push(contest.id, entryId, organizer.userId, participant.userId);
}, 120_000);
afterAll(() => t?.close());

function caseFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const ids = fc.oneof(fc.constantFrom(...realIds), fc.uuid());
  const params = fc.tuple(...op.pathParams.map(() => pathParam(ids)));
  const queryEntries = Object.entries(op.query);
  const query = fc.tuple(
    fc.tuple(
      ...queryEntries.map(([, schema]) =>
        fc.option(fc.oneof({ weight: 2, arbitrary: fromSchema(schema, ids) }, { weight: 3, arbitrary: junkValue }), { nil: undefined }),
      ),
    ),
    fc.option(fc.tuple(fc.string({ maxLength: 12 }), junkString), { nil: undefined }),
  );
  const auth = fc.constantFrom('none', 'user', 'user', 'organizer', 'organizer', 'admin', 'admin', 'unverified', 'garbage');
  const idem = fc.option(junkString, { nil: undefined });
  return fc
    .tuple(params, query, bodyValue(op.body, ids), encoding, brokenJson, auth, idem, fc.ipV4())
    .map(([paramValues, [queryValues, extra], body, enc, broken, who, idemKey, ip]) => {
      let url = op.path;
      op.pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, paramValues[i]!)));
      const search = new URLSearchParams();
      queryEntries.forEach(([name], i) => {
        const v = queryValues[i];
        if (v === undefined) return;
        for (const one of Array.isArray(v) ? v : [v]) search.append(name, typeof one === 'string' ? one : JSON.stringify(one));
      });
      if (extra) search.append(extra[0], extra[1]);
      const qs = search.toString();
      if (qs) url += `?${qs}`;

      const headers: Record<string, string> = { 'x-forwarded-for': ip };
      const token = tokens[who];
      if (who !== 'none' && token) headers.authorization = `Bearer ${token}`;
      if (idemKey !== undefined) headers['idempotency-key'] = encode(idemKey.slice(0, 300));
      const withBody = op.method !== 'GET' && op.method !== 'DELETE';
      let payload: string | Buffer | undefined;
      if (withBody || enc === 'json') {
        switch (enc) {
          case 'json':
          case 'json-raw':
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(body) ?? 'null';
            break;
          case 'broken-json':
            headers['content-type'] = 'application/json';
            payload = broken;
            break;
          case 'multipart':
          case 'multipart-cut':
            headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
            payload = multipartBody(
              body && typeof body === 'object' ? (body as Record<string, unknown>) : { value: body },
              enc === 'multipart-cut',
            );
            break;
          case 'multipart-no-boundary':
            headers['content-type'] = 'multipart/form-data';
            payload = 'no boundary here';
            break;
          case 'text':
            headers['content-type'] = 'text/plain';
            payload = String(JSON.stringify(body));
            break;
          case 'form':
            headers['content-type'] = 'application/x-www-form-urlencoded';
            payload = 'reference=%00&a=1&a=2&__proto__[x]=1';
            break;
          case 'none':
            break;
        }
      }
      if (!withBody && enc !== 'json') payload = undefined;
      return { method: op.method, url, headers, ...(payload !== undefined ? { body: payload } : {}), label: `${who} ${enc}` };
    });
}

/** Values each single field is set to once, in a body that is otherwise well-formed. */
const TARGETED: Array<[label: string, value: unknown]> = [
  ['nul', 'a\u0000b'],
  ['lone surrogate', 'a\ud800b'],
  ['15 KB', 'Aa1'.repeat(5_000)],
  ['15 KB lower', 'a'.repeat(15_000)],
  ['60 KB', 'a'.repeat(60_000)],
  ['negative', -1],
  ['huge', 2 ** 63],
  ['fraction', 0.5],
  ['object', JSON.parse('{"__proto__":{"role":"admin"},"$gt":""}')],
  ['array', ['a', 1, null]],
];

/**
 * The systematic half: every body field, query parameter and path parameter of the operation set
 * to each TARGETED value in turn, signed in, so a slow pattern or an unguarded field on any one
 * input is reached for sure rather than by chance.
 */
function targetedCases(op: Operation, seed: number): FuzzRequest[] {
  const ids = fc.constantFrom(...realIds);
  const [body] = fc.sample(op.body ? fromSchema(op.body, ids) : fc.constant(undefined), { seed, numRuns: 1 });
  const [params] = fc.sample(fc.tuple(...op.pathParams.map(() => ids)), { seed, numRuns: 1 });
  const out: FuzzRequest[] = [];
  const who = ['organizer', 'user', 'admin'];
  const build = (label: string, bodyValue: unknown, paramValues: string[], query: URLSearchParams): FuzzRequest => {
    let url = op.path;
    op.pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, paramValues[i]!)));
    const qs = query.toString();
    if (qs) url += `?${qs}`;
    const token = tokens[who[out.length % who.length]!]!;
    const headers: Record<string, string> = {
      'x-forwarded-for': `10.9.${out.length % 250}.${seed % 250}`,
      authorization: `Bearer ${token}`,
    };
    const hasBody = bodyValue !== undefined && op.method !== 'GET' && op.method !== 'DELETE';
    if (hasBody) headers['content-type'] = 'application/json';
    return { method: op.method, url, headers, ...(hasBody ? { body: JSON.stringify(bodyValue) } : {}), label: `targeted ${label}` };
  };
  const bodyObject = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  for (const [label, value] of TARGETED) {
    for (const key of Object.keys(op.body?.properties ?? {})) {
      out.push(build(`${key}=${label}`, { ...bodyObject, [key]: value }, params ?? [], new URLSearchParams()));
    }
    for (const key of Object.keys(op.query)) {
      const q = new URLSearchParams();
      q.set(key, typeof value === 'string' ? value : JSON.stringify(value));
      out.push(build(`?${key}=${label}`, bodyObject, params ?? [], q));
    }
    op.pathParams.forEach((_, i) => {
      if (typeof value !== 'string' || value.length > 20_000) return;
      const values = [...(params ?? [])];
      values[i] = encode(value);
      out.push(build(`{${op.pathParams[i]}}=${label}`, bodyObject, values, new URLSearchParams()));
    });
  }
  return out;
}

/** What a server's internals look like when they leak: stack frames, driver and SQL error texts, router codes. */
const LEAKS =
  /\n\s+at [\w.<>]+ \(|node_modules|\.ts:\d+:\d+|Failed query:|syntax error at|invalid byte sequence|duplicate key value|violates (foreign key|check|not-null|unique) constraint|relation "\w+"|column "\w+"|SQLSTATE|FST_[A-Z_]+|"statusCode":/i;

describe('fuzz: every operation of the OpenAPI document', () => {
  it(`answers bad input politely (seed ${SEED}, ${RUNS} cases per operation)`, async () => {
    expect(ops.length).toBeGreaterThan(100);
    const agent = new Agent({ connections: 4, pipelining: 0, headersTimeout: 30_000, bodyTimeout: 30_000 });
    const healthClient = new Client(base);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let slowestHealth = 0;
    let probing = true;
    // Probes are due every 20 ms and timed from when they were due, not from when they left: a
    // stalled event loop delays the send itself, and that delay is what a user would wait.
    const PROBE_EVERY_MS = 20;
    const probe = (async () => {
      let due = performance.now();
      while (probing) {
        const res = await healthClient.request({ method: 'GET', path: '/api/health' });
        await res.body.text();
        slowestHealth = Math.max(slowestHealth, performance.now() - due);
        due = Math.max(due + PROBE_EVERY_MS, performance.now());
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      }
    })();

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const slowest: Array<[ms: number, what: string]> = [];
    let sent = 0;
    try {
      for (const [i, op] of ops.entries()) {
        await keepSignedIn();
        const cases = [...fc.sample(caseFor(op), { seed: SEED + i, numRuns: RUNS }), ...targetedCases(op, SEED + i)];
        for (const c of cases) {
          sent += 1;
          let status: number;
          let text: string;
          let type: string;
          const started = performance.now();
          try {
            const res = await request(`${base}${c.url}`, {
              method: c.method as 'GET',
              headers: c.headers,
              ...(c.body !== undefined ? { body: c.body } : {}),
              dispatcher: agent,
            });
            status = res.statusCode;
            type = String(res.headers['content-type'] ?? '');
            if (type.startsWith('text/event-stream')) {
              // The notification stream never ends: its first frame is enough, then the client goes
              // away as a closed tab does.
              const first = await res.body[Symbol.asyncIterator]().next();
              text = first.done ? '' : Buffer.from(first.value as Uint8Array).toString();
              res.body.destroy();
            } else text = await res.body.text();
          } catch (err) {
            failures.push(`${op.method} ${op.path} [${c.label}] ${c.url.slice(0, 200)}: no answer (${(err as Error).message})`);
            continue;
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          slowest.push([performance.now() - started, `${op.method} ${op.path} [${c.label}]`]);
          slowest.sort((a, b) => b[0] - a[0]).splice(3);
          const where = `${op.method} ${op.path} [${c.label}] ${c.url.slice(0, 160)} → ${status}`;
          if (status >= 500) failures.push(`${where}: ${text.slice(0, 300)}`);
          if (LEAKS.test(text)) failures.push(`${where}: leaks internals: ${text.slice(0, 300)}`);
          if (status >= 400 && type.includes('application/json')) {
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              failures.push(`${where}: not JSON: ${text.slice(0, 200)}`);
              continue;
            }
            const body = json as { success?: unknown; message?: unknown };
            if (body.success !== false || typeof body.message !== 'string' || body.message === '') {
              failures.push(`${where}: not the failure envelope: ${text.slice(0, 200)}`);
            }
          } else if (status >= 400 && !type.includes('text/html')) {
            failures.push(`${where}: answered ${type || 'no content type'}: ${text.slice(0, 200)}`);
          }
          if (failures.length > 40) break;
        }
        if (failures.length > 40) break;
      }
    } finally {
      probing = false;
      await probe;
      loop.disable();
      await agent.close();
      await healthClient.close();
    }
    const blockedMs = loop.max / 1e6;
    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    const report = `seed ${SEED} (rerun with FUZZ_SEED=${SEED}); ${sent} requests over ${ops.length} operations; ${summary}; slowest /api/health ${slowestHealth.toFixed(0)} ms; longest event-loop stall ${blockedMs.toFixed(0)} ms; slowest requests: ${slowest.map(([ms, what]) => `${what} ${ms.toFixed(0)} ms`).join(', ')}`;
    console.log(`fuzz: ${report}`);
    expect(failures, report).toEqual([]);
    expect(slowestHealth, report).toBeLessThan(HEALTH_BUDGET_MS);
    // The probe can miss a stall that starts between two probes; the event loop's own delay cannot.
    expect(blockedMs, report).toBeLessThan(HEALTH_BUDGET_MS);
  }, 600_000);
});
