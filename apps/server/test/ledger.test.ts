import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { ledgerEntries, ledgerTransactions } from '../src/db/schema/index.js';
import { AppError, sqlState } from '../src/lib/errors.js';
import {
  accounts,
  balanceOf,
  checkLedgerIntegrity,
  LedgerError,
  post,
  userBalances,
  type PostInput,
  type PostResult,
} from '../src/modules/ledger/ledger.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const postTx = (input: PostInput): Promise<PostResult> => t.ctx.db.transaction((tx) => post(tx, input));

const ref = (label: string) => `test:${label}:${randomUUID()}`;

function deposit(userId: string, kobo: number, reference = ref('deposit')): PostInput {
  return {
    reference,
    kind: 'wallet_deposit',
    description: 'Test deposit',
    lines: [
      { account: accounts.userWallet(userId), amount: kobo },
      { account: accounts.gateway('test'), amount: -kobo },
    ],
  };
}

function transfer(from: string, to: string, kobo: number, reference = ref('transfer')): PostInput {
  return {
    reference,
    kind: 'vote_credit_transfer',
    description: 'Test transfer',
    lines: [
      { account: accounts.userWallet(from), amount: -kobo },
      { account: accounts.userWallet(to), amount: kobo },
    ],
  };
}

function grantCredits(userId: string, units: number, reference = ref('grant')): PostInput {
  return {
    reference,
    kind: 'promotional_credit',
    description: 'Test credit grant',
    lines: [
      { account: accounts.userCredits(userId), amount: units },
      { account: accounts.promotions(), amount: -units },
    ],
  };
}

function spendCredits(userId: string, units: number, reference = ref('spend')): PostInput {
  return {
    reference,
    kind: 'vote_spend',
    description: 'Test credit spend',
    lines: [
      { account: accounts.userCredits(userId), amount: -units },
      { account: accounts.platformRevenue('CREDIT'), amount: units },
    ],
  };
}

/** Naira out of the wallet, credits in: two assets, each balanced on its own. */
function buyCredits(userId: string, kobo: number, units: number, reference = ref('buy')): PostInput {
  return {
    reference,
    kind: 'vote_credit_purchase',
    description: 'Test credit purchase',
    lines: [
      { account: accounts.userWallet(userId), amount: -kobo },
      { account: accounts.platformRevenue('NGN'), amount: kobo },
      { account: accounts.userCredits(userId), amount: units },
      { account: accounts.creditIssuance(), amount: -units },
    ],
  };
}

async function journalSize(): Promise<{ transactions: number; entries: number }> {
  const [row] = await queryRows<{ transactions: string; entries: string }>(
    t.ctx.db,
    sql`select (select count(*) from ${ledgerTransactions})::text as transactions, (select count(*) from ${ledgerEntries})::text as entries`,
  );
  return { transactions: Number(row!.transactions), entries: Number(row!.entries) };
}

async function transactionsWithReference(reference: string): Promise<number> {
  const rows = await t.ctx.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, reference));
  return rows.length;
}

/** The rejection of a promise, for assertions on its fields. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject');
}

describe('posting', () => {
  it('writes a balanced transaction and moves the balances', async () => {
    const ada = randomUUID();
    const obi = randomUUID();

    const funded = await postTx(deposit(ada, 500_000));
    expect(funded.replayed).toBe(false);
    expect(funded.balances[accounts.userWallet(ada).code]).toBe(500_000);

    const moved = await postTx(transfer(ada, obi, 200_000));
    expect(moved.balances).toEqual({ [accounts.userWallet(ada).code]: 300_000, [accounts.userWallet(obi).code]: 200_000 });
    expect(await balanceOf(t.ctx.db, accounts.userWallet(ada))).toBe(300_000);
    expect(await userBalances(t.ctx.db, obi)).toEqual({ walletKobo: 200_000, creditUnits: 0 });

    const lines = await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, moved.transactionId));
    expect(lines).toHaveLength(2);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
    expect(Object.fromEntries(lines.map((l) => [l.amount, l.balanceAfter]))).toEqual({ '-200000': 300_000, '200000': 200_000 });

    const integrity = await checkLedgerIntegrity(t.ctx.db);
    expect(integrity.problems).toEqual([]);
    expect(integrity.ok).toBe(true);
  });

  it('accepts a transaction over two assets when each asset balances', async () => {
    const user = randomUUID();
    await postTx(deposit(user, 10_000));
    const result = await postTx(buyCredits(user, 10_000, 1_000));
    expect(result.replayed).toBe(false);
    expect(await userBalances(t.ctx.db, user)).toEqual({ walletKobo: 0, creditUnits: 1_000 });
    expect((await checkLedgerIntegrity(t.ctx.db)).ok).toBe(true);
  });

  it('reports 0 for an account that was never used', async () => {
    expect(await balanceOf(t.ctx.db, accounts.userWallet(randomUUID()))).toBe(0);
    expect(await userBalances(t.ctx.db, randomUUID())).toEqual({ walletKobo: 0, creditUnits: 0 });
  });
});

describe('idempotency', () => {
  it('replays a known reference: same result, nothing new written', async () => {
    const user = randomUUID();
    const input = deposit(user, 75_000);
    const first = await postTx(input);
    const before = await journalSize();

    const again = await postTx(input);
    expect(again.replayed).toBe(true);
    expect(again.transactionId).toBe(first.transactionId);
    expect(again.balances[accounts.userWallet(user).code]).toBe(75_000);
    expect(await journalSize()).toEqual(before);
    expect(await balanceOf(t.ctx.db, accounts.userWallet(user))).toBe(75_000);
  });

  it('refuses the same reference for different lines or a different kind with 409 IDEMPOTENCY_CONFLICT', async () => {
    const user = randomUUID();
    const reference = ref('conflict');
    await postTx(deposit(user, 1_000, reference));
    const before = await journalSize();

    for (const changed of [
      deposit(user, 2_000, reference),
      deposit(randomUUID(), 1_000, reference),
      { ...deposit(user, 1_000, reference), kind: 'withdrawal' as const },
    ]) {
      const err = await rejectionOf(postTx(changed));
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 409, errorType: 'IDEMPOTENCY_CONFLICT' });
    }
    expect(await journalSize()).toEqual(before);
    expect(await balanceOf(t.ctx.db, accounts.userWallet(user))).toBe(1_000);
  });

  it('gives concurrent retries of one post a single effect, and every retry reports success', async () => {
    const payer = randomUUID();
    const payee = randomUUID();
    await postTx(deposit(payer, 100));
    // The balance covers the transfer once: a retry must be a replay, never "insufficient balance".
    const input = transfer(payer, payee, 100);
    const results = await Promise.all([postTx(input), postTx(input), postTx(input)]);

    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(await transactionsWithReference(input.reference)).toBe(1);
    expect(await userBalances(t.ctx.db, payer)).toEqual({ walletKobo: 0, creditUnits: 0 });
    expect(await userBalances(t.ctx.db, payee)).toEqual({ walletKobo: 100, creditUnits: 0 });
  });

  it('lets only one of two concurrent, different posts with the same reference through', async () => {
    const user = randomUUID();
    const reference = ref('race');
    const outcomes = await Promise.allSettled([postTx(deposit(user, 500, reference)), postTx(deposit(randomUUID(), 700, reference))]);
    const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toMatchObject({ statusCode: 409, errorType: 'IDEMPOTENCY_CONFLICT' });
    expect(await transactionsWithReference(reference)).toBe(1);
  });
});

describe('refusals write nothing', () => {
  const user = randomUUID();
  const account = accounts.userWallet(user);
  const other = accounts.userWallet(randomUUID());

  it.each<[string, PostInput]>([
    [
      'lines that do not sum to zero',
      {
        reference: ref('bad'),
        kind: 'wallet_deposit',
        description: 'x',
        lines: [
          { account, amount: 100 },
          { account: other, amount: -99 },
        ],
      },
    ],
    [
      'assets that balance only together',
      {
        reference: ref('bad'),
        kind: 'wallet_deposit',
        description: 'x',
        lines: [
          { account, amount: 100 },
          { account: accounts.userCredits(user), amount: -100 },
        ],
      },
    ],
    ['a single line', { reference: ref('bad'), kind: 'wallet_deposit', description: 'x', lines: [{ account, amount: 0 }] }],
    [
      'a zero amount',
      {
        reference: ref('bad'),
        kind: 'wallet_deposit',
        description: 'x',
        lines: [
          { account, amount: 0 },
          { account: other, amount: 0 },
        ],
      },
    ],
    [
      'a fractional amount',
      {
        reference: ref('bad'),
        kind: 'wallet_deposit',
        description: 'x',
        lines: [
          { account, amount: 1.5 },
          { account: other, amount: -1.5 },
        ],
      },
    ],
    [
      'the same account twice',
      {
        reference: ref('bad'),
        kind: 'wallet_deposit',
        description: 'x',
        lines: [
          { account, amount: 5 },
          { account, amount: -5 },
        ],
      },
    ],
    [
      'an empty reference',
      {
        reference: '',
        kind: 'wallet_deposit',
        description: 'x',
        lines: [
          { account, amount: 5 },
          { account: other, amount: -5 },
        ],
      },
    ],
  ])('refuses %s', async (_label, input) => {
    const before = await journalSize();
    await expect(postTx(input)).rejects.toBeInstanceOf(LedgerError);
    expect(await journalSize()).toEqual(before);
    expect(await balanceOf(t.ctx.db, account)).toBe(0);
  });

  it('refuses to take a wallet below zero with INSUFFICIENT_BALANCE', async () => {
    const payer = randomUUID();
    const payee = randomUUID();
    await postTx(deposit(payer, 1_000));
    const before = await journalSize();

    const input = transfer(payer, payee, 1_500);
    const err = await rejectionOf(postTx(input));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 400, errorType: 'INSUFFICIENT_BALANCE', extra: { shortBy: 500, asset: 'NGN' } });

    expect(await journalSize()).toEqual(before);
    expect(await transactionsWithReference(input.reference)).toBe(0);
    expect(await userBalances(t.ctx.db, payer)).toEqual({ walletKobo: 1_000, creditUnits: 0 });
    expect(await userBalances(t.ctx.db, payee)).toEqual({ walletKobo: 0, creditUnits: 0 });
    // The refused reference is still free: the same post succeeds once the money is there.
    await postTx(deposit(payer, 500));
    expect((await postTx(input)).replayed).toBe(false);
    expect(await userBalances(t.ctx.db, payer)).toEqual({ walletKobo: 0, creditUnits: 0 });
  });

  it('refuses to spend credits a user does not have with INSUFFICIENT_CREDITS', async () => {
    const user = randomUUID();
    await postTx(grantCredits(user, 250));
    const before = await journalSize();
    const err = await rejectionOf(postTx(spendCredits(user, 251)));
    expect(err).toMatchObject({ statusCode: 400, errorType: 'INSUFFICIENT_CREDITS', extra: { shortBy: 1, asset: 'CREDIT' } });
    expect(await journalSize()).toEqual(before);
    expect(await userBalances(t.ctx.db, user)).toEqual({ walletKobo: 0, creditUnits: 250 });
  });

  it('refuses a debit from an account that was never funded', async () => {
    const before = await journalSize();
    const err = await rejectionOf(postTx(transfer(randomUUID(), randomUUID(), 1)));
    expect(err).toMatchObject({ statusCode: 400, errorType: 'INSUFFICIENT_BALANCE' });
    expect(await journalSize()).toEqual(before);
  });
});

describe('the journal is append-only', () => {
  it.each([
    ['UPDATE ledger_entries', sql`update ${ledgerEntries} set amount = amount * 2`],
    ['DELETE FROM ledger_entries', sql`delete from ${ledgerEntries}`],
    ['UPDATE ledger_transactions', sql`update ${ledgerTransactions} set description = 'rewritten'`],
    ['DELETE FROM ledger_transactions', sql`delete from ${ledgerTransactions}`],
  ])('refuses %s', async (_label, statement) => {
    await postTx(deposit(randomUUID(), 1_234));
    const before = await journalSize();
    const err = await rejectionOf(t.ctx.db.execute(statement));
    expect(sqlState(err)).toBe('23001');
    expect(await journalSize()).toEqual(before);
    expect((await checkLedgerIntegrity(t.ctx.db)).ok).toBe(true);
  });
});

describe('property: concurrent random operations keep the books straight', () => {
  const USERS = 4;

  type Op =
    | { type: 'deposit'; user: number; amount: number }
    | { type: 'transfer'; from: number; to: number; amount: number }
    | { type: 'grant'; user: number; amount: number }
    | { type: 'spend'; user: number; amount: number }
    | { type: 'buy'; user: number; kobo: number; units: number };

  const userIdx = fc.integer({ min: 0, max: USERS - 1 });
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ type: fc.constant('deposit' as const), user: userIdx, amount: fc.integer({ min: 1, max: 50_000 }) }),
    // Transfers and spends are often larger than what the payer holds at that moment.
    fc
      .record({ from: userIdx, step: fc.integer({ min: 1, max: USERS - 1 }), amount: fc.integer({ min: 1, max: 80_000 }) })
      .map(({ from, step, amount }) => ({ type: 'transfer' as const, from, to: (from + step) % USERS, amount })),
    fc.record({ type: fc.constant('grant' as const), user: userIdx, amount: fc.integer({ min: 1, max: 5_000 }) }),
    fc.record({ type: fc.constant('spend' as const), user: userIdx, amount: fc.integer({ min: 1, max: 8_000 }) }),
    fc.record({
      type: fc.constant('buy' as const),
      user: userIdx,
      kobo: fc.integer({ min: 1, max: 30_000 }),
      units: fc.integer({ min: 1, max: 3_000 }),
    }),
  );

  function toInput(op: Op, users: string[], reference: string): PostInput {
    switch (op.type) {
      case 'deposit':
        return deposit(users[op.user]!, op.amount, reference);
      case 'transfer':
        return transfer(users[op.from]!, users[op.to]!, op.amount, reference);
      case 'grant':
        return grantCredits(users[op.user]!, op.amount, reference);
      case 'spend':
        return spendCredits(users[op.user]!, op.amount, reference);
      case 'buy':
        return buyCredits(users[op.user]!, op.kobo, op.units, reference);
    }
  }

  /** What a refusal of this operation may legitimately say; deposits and grants are never refused. */
  const allowedRefusal: Record<Op['type'], string | undefined> = {
    deposit: undefined,
    grant: undefined,
    transfer: 'INSUFFICIENT_BALANCE',
    spend: 'INSUFFICIENT_CREDITS',
    buy: 'INSUFFICIENT_BALANCE',
  };

  it('integrity holds, balances match the successful operations, a repeated reference has one effect', async () => {
    // Across all runs the generator must actually exercise refusals and retries.
    const seen = { refused: 0, replayed: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 30 }),
        // Retries: [which operation, where in the launch order the retry goes].
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }),
        async (ops, retries) => {
          const runId = randomUUID();
          const users = Array.from({ length: USERS }, () => randomUUID());
          const launches = ops.map((op, index) => ({ op, index, input: toInput(op, users, `prop:${runId}:${index}`) }));
          for (const [which, where] of retries) {
            const original = launches[which % ops.length]!;
            launches.splice(where % (launches.length + 1), 0, { ...original, input: structuredClone(original.input) });
          }

          const outcomes = await Promise.all(
            launches.map((l) =>
              postTx(l.input).then(
                (result) => ({ ...l, result, error: undefined }),
                (error: unknown) => ({ ...l, result: undefined, error }),
              ),
            ),
          );

          for (const o of outcomes) {
            if (o.result) {
              if (o.result.replayed) seen.replayed += 1;
              continue;
            }
            seen.refused += 1;
            const expected = allowedRefusal[o.op.type];
            if (!(o.error instanceof AppError) || o.error.statusCode !== 400 || o.error.errorType !== expected) {
              throw new Error(`${o.op.type} failed unexpectedly: ${String(o.error)} (${sqlState(o.error) ?? 'no SQLSTATE'})`);
            }
          }

          // Group launches by reference: each reference had at most one effect.
          const byIndex = new Map<number, typeof outcomes>();
          for (const o of outcomes) byIndex.set(o.index, [...(byIndex.get(o.index) ?? []), o]);
          const expectedWallet = new Array<number>(USERS).fill(0);
          const expectedCredits = new Array<number>(USERS).fill(0);
          let effective = 0;
          for (const [index, group] of byIndex) {
            const succeeded = group.filter((o) => o.result);
            if (succeeded.length === 0) continue;
            expect(succeeded.filter((o) => !o.result!.replayed)).toHaveLength(1);
            expect(new Set(succeeded.map((o) => o.result!.transactionId)).size).toBe(1);
            effective += 1;
            const op = ops[index]!;
            switch (op.type) {
              case 'deposit':
                expectedWallet[op.user]! += op.amount;
                break;
              case 'transfer':
                expectedWallet[op.from]! -= op.amount;
                expectedWallet[op.to]! += op.amount;
                break;
              case 'grant':
                expectedCredits[op.user]! += op.amount;
                break;
              case 'spend':
                expectedCredits[op.user]! -= op.amount;
                break;
              case 'buy':
                expectedWallet[op.user]! -= op.kobo;
                expectedCredits[op.user]! += op.units;
                break;
            }
          }

          const integrity = await checkLedgerIntegrity(t.ctx.db);
          expect(integrity.problems).toEqual([]);

          for (let i = 0; i < USERS; i++) {
            expect(await userBalances(t.ctx.db, users[i]!)).toEqual({ walletKobo: expectedWallet[i], creditUnits: expectedCredits[i] });
          }

          const posted = await queryRows<{ reference: string; lines: string }>(
            t.ctx.db,
            sql`select t.reference, count(e.id)::text as lines
                from ${ledgerTransactions} t join ${ledgerEntries} e on e.transaction_id = t.id
                where t.reference like ${`prop:${runId}:%`} group by t.reference`,
          );
          expect(posted).toHaveLength(effective);
          for (const row of posted) {
            const index = Number(row.reference.split(':').at(-1));
            expect(Number(row.lines)).toBe(launches.find((l) => l.index === index)!.input.lines.length);
          }
          // No transaction without journal lines either.
          const headers = await t.ctx.db
            .select({ id: ledgerTransactions.id })
            .from(ledgerTransactions)
            .where(like(ledgerTransactions.reference, `prop:${runId}:%`));
          expect(headers).toHaveLength(effective);
        },
      ),
      { numRuns: 25 },
    );
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.replayed).toBeGreaterThan(0);
  });
});
