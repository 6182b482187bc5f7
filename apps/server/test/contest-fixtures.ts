/**
 * Helpers for the contest test files: money in (wallet deposits from the sandbox gateway, promo
 * credits), wizard payloads relative to the clock, and rows written straight to the database for
 * what other modules create (entries, votes and their ledger charges with the agreed references).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { creditsToUnits, type TContest, type TCreateContestInput } from '@contesthub/shared';
import type { AppContext } from '../src/context.js';
import { contests, entries, votes } from '../src/db/schema/index.js';
import { now } from '../src/lib/clock.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { balanceOf, post } from '../src/modules/ledger/ledger.js';
import { bearer, createTestUser, type TestUser } from './helpers.js';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

const ref = (label: string) => `test:${label}:${randomBytes(8).toString('hex')}`;

/** A card deposit through the sandbox gateway into the user's naira wallet. */
export async function fundWallet(ctx: AppContext, userId: string, kobo: number): Promise<void> {
  await ctx.db.transaction((tx) =>
    post(tx, {
      reference: ref('deposit'),
      kind: 'wallet_deposit',
      description: 'Test deposit',
      lines: [
        { account: accounts.gateway('sandbox'), amount: -kobo },
        { account: accounts.userWallet(userId), amount: kobo },
      ],
    }),
  );
}

/** Vote credits given by the platform (promotions). */
export async function giveCredits(ctx: AppContext, userId: string, credits: number): Promise<void> {
  const units = creditsToUnits(credits);
  await ctx.db.transaction((tx) =>
    post(tx, {
      reference: ref('credits'),
      kind: 'promotional_credit',
      description: 'Test credits',
      lines: [
        { account: accounts.promotions(), amount: -units },
        { account: accounts.userCredits(userId), amount: units },
      ],
    }),
  );
}

export const walletOf = (ctx: AppContext, userId: string) => balanceOf(ctx.db, accounts.userWallet(userId));
export const creditUnitsOf = (ctx: AppContext, userId: string) => balanceOf(ctx.db, accounts.userCredits(userId));

/** A valid wizard payload: entries open since an hour ago, two days of entries, two days of voting. */
export function contestPayload(overrides: Partial<TCreateContestInput> = {}): TCreateContestInput {
  const at = now().getTime();
  return {
    title: 'Lagos Street Photography',
    description: 'Show us the city through your lens.',
    category: 'photography',
    prizeType: 'cash',
    prizeAmount: 500_000, // ₦5,000
    entryFee: 'free',
    entryType: 'photo',
    entryReview: 'open',
    entryStartDate: new Date(at - HOUR).toISOString(),
    entryEndDate: new Date(at + 2 * DAY).toISOString(),
    votingStartDate: new Date(at + 2 * DAY).toISOString(),
    votingEndDate: new Date(at + 4 * DAY).toISOString(),
    votingType: 'free',
    freeVotesPerUser: 1,
    maxVotesPerUser: 1,
    tags: ['lagos', 'street'],
    rules: ['Original work only'],
    ...overrides,
  };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { success: boolean; message: string; errorType?: string; errors?: Record<string, string>; data: T } & Record<string, unknown>;
}

export async function api<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
): Promise<ApiAnswer<T>> {
  const res = await app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** POST /api/contests; throws unless 201. */
export async function createContest(app: FastifyInstance, token: string, overrides: Partial<TCreateContestInput> = {}): Promise<TContest> {
  const res = await api<{ contest: TContest }>(app, 'POST', '/api/contests', token, contestPayload(overrides));
  if (res.status !== 201) throw new Error(`create contest failed (${res.status}): ${JSON.stringify(res.body)}`);
  return res.body.data.contest;
}

type ContestInsert = typeof contests.$inferInsert;

/** A contest row written directly (no money): for browse and stats tests. */
export async function insertContest(ctx: AppContext, organizerId: string, overrides: Partial<ContestInsert> = {}): Promise<string> {
  const at = now().getTime();
  const [row] = await ctx.db
    .insert(contests)
    .values({
      organizerId,
      title: 'Seeded contest',
      description: 'A seeded contest',
      category: 'photography',
      status: 'active',
      prizeType: 'badge',
      badgeTitle: 'Seeded Badge',
      entryType: 'photo',
      entryStartDate: new Date(at - HOUR),
      entryEndDate: new Date(at + 2 * DAY),
      votingStartDate: new Date(at + 2 * DAY),
      votingEndDate: new Date(at + 4 * DAY),
      createdAt: new Date(at),
      updatedAt: new Date(at),
      ...overrides,
    })
    .returning({ id: contests.id });
  return row!.id;
}

type EntryInsert = typeof entries.$inferInsert;

/** An entry row as the entries module would write it; bumps the contest's entry count. */
export async function insertEntry(
  ctx: AppContext,
  contestId: string,
  participantId: string,
  overrides: Partial<EntryInsert> = {},
): Promise<string> {
  const [row] = await ctx.db
    .insert(entries)
    .values({
      contestId,
      participantId,
      title: 'An entry',
      description: 'My entry',
      entryType: 'photo',
      status: 'approved',
      createdAt: now(),
      updatedAt: now(),
      ...overrides,
    })
    .returning({ id: entries.id });
  const [c] = await ctx.db.select({ n: contests.totalEntries }).from(contests).where(eq(contests.id, contestId));
  await ctx.db
    .update(contests)
    .set({ totalEntries: (c?.n ?? 0) + 1 })
    .where(eq(contests.id, contestId));
  return row!.id;
}

/** A paid entry fee as the entries module charges it: participant credits → contest escrow (CREDIT). */
export async function chargeEntryFee(ctx: AppContext, contestId: string, entryId: string, participantId: string, credits: number) {
  const units = creditsToUnits(credits);
  await ctx.db.transaction((tx) =>
    post(tx, {
      reference: `entry:fee:${entryId}`,
      kind: 'entry_fee',
      description: 'Entry fee',
      lines: [
        { account: accounts.userCredits(participantId), amount: -units },
        { account: accounts.contestEscrow(contestId, 'CREDIT'), amount: units },
      ],
    }),
  );
}

/**
 * A vote as the votes module records it: the row, the entry's counters and, for a paid vote, the
 * charge voter credits → platform revenue (CREDIT) under `vote:<voteId>`.
 */
export async function castVote(
  ctx: AppContext,
  input: { contestId: string; entryId: string; voterId: string; type: 'free' | 'paid'; amount?: number; feeCredits?: number },
): Promise<string> {
  const amount = input.amount ?? 1;
  const weight = input.type === 'paid' ? 5 : 1;
  const cost = input.type === 'paid' ? creditsToUnits((input.feeCredits ?? 10) * amount) : 0;
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(votes).values({
      id,
      contestId: input.contestId,
      entryId: input.entryId,
      voterId: input.voterId,
      voteType: input.type,
      amount,
      weightedTotal: amount * weight,
      creditCost: cost,
      idempotencyKey: randomUUID(),
    });
    const [e] = await tx.select().from(entries).where(eq(entries.id, input.entryId));
    await tx
      .update(entries)
      .set({ votesCount: e!.votesCount + amount, weightedVotes: e!.weightedVotes + amount * weight })
      .where(eq(entries.id, input.entryId));
    if (cost > 0) {
      await post(tx, {
        reference: `vote:${id}`,
        kind: 'vote_spend',
        description: 'Paid vote',
        lines: [
          { account: accounts.userCredits(input.voterId), amount: -cost },
          { account: accounts.platformRevenue('CREDIT'), amount: cost },
        ],
      });
    }
  });
  return id;
}

type Tuple<N extends number, T, R extends T[] = []> = R['length'] extends N ? R : Tuple<N, T, [...R, T]>;

/** Several verified users, one after the other (usernames come from the name and must not race). */
export async function createUsers<N extends number>(
  ctx: AppContext,
  n: N,
  input: Parameters<typeof createTestUser>[1] = {},
): Promise<Tuple<N, TestUser>> {
  const out: TestUser[] = [];
  for (let i = 0; i < n; i++) out.push(await createTestUser(ctx, input));
  return out as Tuple<N, TestUser>;
}
