import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditsToUnits } from '@contesthub/shared';
import { contests, entries, ledgerTransactions, votes } from '../src/db/schema/index.js';
import { advanceClock, setClock } from '../src/lib/clock.js';
import { accounts, balanceOf, checkLedgerIntegrity, platformRevenueTotal, postedAccount } from '../src/modules/ledger/ledger.js';
import { DAILY_FREE_VOTE_LIMIT } from '../src/modules/votes/vote-limits.js';
import { bearer, createSignedInUser, createTestApp, type LoginResult, type TestApp, type TestUser } from './helpers.js';
import { MINUTE, fundCredits, insertContest, insertEntry } from './engagement-fixtures.js';

/** 23:55 WAT (22:55 UTC): ten minutes later it is the next WAT calendar day. */
const T = new Date('2030-03-14T22:55:00.000Z');

let t: TestApp;
type Signed = TestUser & LoginResult;
let organizer: Signed;
let participant: Signed;
let admin: Signed;
let stranger: Signed;

beforeAll(async () => {
  setClock(T);
  t = await createTestApp();
  [organizer, participant, admin, stranger] = await Promise.all([
    createSignedInUser(t.app, { fullName: 'Olu Organizer' }),
    createSignedInUser(t.app, { fullName: 'Pat Participant' }),
    createSignedInUser(t.app, { fullName: 'Ada Admin', role: 'admin' }),
    createSignedInUser(t.app, { fullName: 'Sam Stranger' }),
  ]);
});

beforeEach(() => setClock(T));

afterAll(async () => {
  setClock(null);
  await t?.close();
});

const voter = (name = 'Val Voter') => createSignedInUser(t.app, { fullName: name });

interface VoteBody {
  entryId: string;
  contestId: string;
  voteType: 'free' | 'paid';
  amount?: number;
}

function castVote(token: string, body: VoteBody, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/votes',
    headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function setup(overrides: Parameters<typeof insertContest>[2] = {}) {
  const contest = await insertContest(t.ctx, organizer.userId, overrides);
  const entry = await insertEntry(t.ctx, contest.id, participant.userId);
  return { contest, entry };
}

/** Entry counters (exact in the vote's call) and contest totals (kept from the vote events: drained first). */
async function counters(entryId: string, contestId: string) {
  await t.ctx.events.drain({ settleMs: 10_000 });
  const [e] = await t.ctx.db.select().from(entries).where(eq(entries.id, entryId));
  const [c] = await t.ctx.db.select().from(contests).where(eq(contests.id, contestId));
  return { votesCount: e!.votesCount, weightedVotes: e!.weightedVotes, totalVotes: c!.totalVotes, totalVoters: c!.totalVoters };
}

const voteRows = (where: ReturnType<typeof eq>) => t.ctx.db.select().from(votes).where(where);
const credits = (userId: string) => balanceOf(t.ctx.db, accounts.userCredits(userId));
const postedAccountCode = async (reference: string) => (await postedAccount(t.ctx.db, reference, 'platform_revenue'))?.code;

describe('POST /api/votes: casting', () => {
  it('casts a free vote: 201, weight 1, counters and what is left', async () => {
    const { contest, entry } = await setup();
    const v = await voter();
    const res = await castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'free' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Your vote has been successfully cast.');
    expect(body.data.vote).toMatchObject({
      entryId: entry.id,
      contestId: contest.id,
      voteType: 'free',
      amount: 1,
      weight: 1,
      weightedTotal: 1,
    });
    expect(body.data.vote.creditsSpent).toBe(0);
    expect(body.data.entry).toEqual({ _id: entry.id, votesCount: 1, weightedVotes: 1 });
    expect(body.data.remaining).toEqual({ freeVotes: 2, totalVotes: null });
    expect(body.data.vote.createdAt).toBe(T.toISOString());
    expect(await counters(entry.id, contest.id)).toEqual({ votesCount: 1, weightedVotes: 1, totalVotes: 1, totalVoters: 1 });
  });

  it('charges a paid vote exactly (votingFeeAmount × amount) to platform revenue; weight 5 × amount', async () => {
    const { contest, entry } = await setup({ votingFeeAmount: creditsToUnits(12) });
    const v = await voter();
    await fundCredits(t.ctx, v.userId, 100);
    const revenueBefore = await platformRevenueTotal(t.ctx.db, 'CREDIT');

    const free = await castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'free' });
    expect(free.statusCode).toBe(201);
    const res = await castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'paid', amount: 3 });
    expect(res.statusCode).toBe(201);
    const vote = res.json().data.vote;
    expect(vote).toMatchObject({ voteType: 'paid', amount: 3, weight: 5, weightedTotal: 15, creditsSpent: 36 });
    expect(res.json().data.entry).toEqual({ _id: entry.id, votesCount: 4, weightedVotes: 16 });

    expect(await credits(v.userId)).toBe(creditsToUnits(100 - 36));
    expect(await platformRevenueTotal(t.ctx.db, 'CREDIT')).toBe(revenueBefore + creditsToUnits(36));
    const [charge] = await t.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `vote:${vote._id}`));
    expect(charge?.kind).toBe('vote_spend');
    // The same voter's second vote is not a second voter.
    expect(await counters(entry.id, contest.id)).toEqual({ votesCount: 4, weightedVotes: 16, totalVotes: 16, totalVoters: 1 });
  });

  it('spreads paid-vote revenue over shards chosen by voter, and a removal refunds the shard it credited', async () => {
    const { contest, entry } = await setup({ votingFeeAmount: creditsToUnits(10) });
    const voters = await Promise.all(Array.from({ length: 6 }, (_, i) => voter(`Shard ${i}`)));
    await Promise.all(voters.map((v) => fundCredits(t.ctx, v.userId, 10)));
    const ids: string[] = [];
    for (const v of voters) {
      const res = await castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'paid', amount: 1 });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.vote._id);
    }
    const shards = voters.map((v) => accounts.voteRevenue(v.userId).code);
    expect(new Set(shards).size).toBeGreaterThan(1);
    for (const [i, v] of voters.entries()) {
      const shard = accounts.voteRevenue(v.userId);
      expect(shard.code).toBe(accounts.voteRevenue(v.userId).code); // stable per voter
      expect(await balanceOf(t.ctx.db, shard)).toBeGreaterThanOrEqual(creditsToUnits(10));
      expect(await postedAccountCode(`vote:${ids[i]}`)).toBe(shard.code);
    }
    const first = voters[0]!;
    const shardBefore = await balanceOf(t.ctx.db, accounts.voteRevenue(first.userId));
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/votes/${ids[0]}`, headers: bearer(admin.token) });
    expect(removed.statusCode).toBe(200);
    expect(await balanceOf(t.ctx.db, accounts.voteRevenue(first.userId))).toBe(shardBefore - creditsToUnits(10));
    expect(await credits(first.userId)).toBe(creditsToUnits(10));
    expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
  });

  it('refuses a paid vote without enough credits and writes nothing', async () => {
    const { contest, entry } = await setup();
    const v = await voter();
    await fundCredits(t.ctx, v.userId, 25);
    const res = await castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'paid', amount: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Insufficient vote credits', errorType: 'INSUFFICIENT_CREDITS' });
    expect(await credits(v.userId)).toBe(creditsToUnits(25));
    expect(await voteRows(eq(votes.voterId, v.userId))).toHaveLength(0);
    expect(await counters(entry.id, contest.id)).toEqual({ votesCount: 0, weightedVotes: 0, totalVotes: 0, totalVoters: 0 });
    // Two votes fit exactly.
    const ok = await castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'paid', amount: 2 });
    expect(ok.statusCode).toBe(201);
    expect(await credits(v.userId)).toBe(creditsToUnits(5));
  });

  it('validates the body: paid 1 to 10, a free vote counts one', async () => {
    const { contest, entry } = await setup();
    const v = await voter();
    const tooMany = await castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'paid', amount: 11 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Paid votes must be between 1 and 10');
    const freeTwo = await castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'free', amount: 2 });
    expect(freeTwo.statusCode).toBe(400);
    expect(freeTwo.json().message).toBe('A free vote counts one at a time');
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      payload: { entryId: entry.id, contestId: contest.id, voteType: 'free' },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /api/votes: rules', () => {
  it('opens and closes with the voting window (clock moved before and after)', async () => {
    const { contest, entry } = await setup({
      votingStartDate: new Date(T.getTime() + 5 * MINUTE),
      votingEndDate: new Date(T.getTime() + 12 * MINUTE),
    });
    const v = await voter();
    const body = { entryId: entry.id, contestId: contest.id, voteType: 'free' as const };
    const early = await castVote(v.token, body);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Voting for this contest has not started yet');

    advanceClock(6 * MINUTE);
    expect((await castVote(v.token, body)).statusCode).toBe(201);

    advanceClock(6 * MINUTE);
    const late = await castVote(v.token, body);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Voting for this contest has ended');
    expect(await voteRows(eq(votes.contestId, contest.id))).toHaveLength(1);
  });

  it('refuses a cancelled contest', async () => {
    const { contest, entry } = await setup({ status: 'cancelled' });
    const v = await voter();
    const res = await castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'free' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This contest has been cancelled');
  });

  it('refuses votes for your own entry, approved or pending', async () => {
    const { contest, entry } = await setup();
    const pending = await insertEntry(t.ctx, contest.id, participant.userId, { status: 'pending' });
    for (const target of [entry, pending]) {
      const res = await castVote(participant.token, { entryId: target.id, contestId: contest.id, voteType: 'free' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You cannot vote for your own entry');
    }
  });

  it('refuses unapproved entries, entries of another contest, unknown entries and contests', async () => {
    const { contest } = await setup();
    const other = await setup();
    const pending = await insertEntry(t.ctx, contest.id, stranger.userId, { status: 'pending' });
    const rejected = await insertEntry(t.ctx, contest.id, stranger.userId, { status: 'rejected' });
    const v = await voter();
    for (const e of [pending, rejected]) {
      const res = await castVote(v.token, { entryId: e.id, contestId: contest.id, voteType: 'free' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You can only vote for approved entries');
    }
    const wrong = await castVote(v.token, { entryId: other.entry.id, contestId: contest.id, voteType: 'free' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This entry does not belong to this contest');
    const noEntry = await castVote(v.token, { entryId: randomUUID(), contestId: contest.id, voteType: 'free' });
    expect(noEntry.statusCode).toBe(404);
    expect(noEntry.json().message).toBe('Entry not found');
    const noContest = await castVote(v.token, { entryId: other.entry.id, contestId: randomUUID(), voteType: 'free' });
    expect(noContest.statusCode).toBe(404);
    expect(noContest.json().message).toBe('Contest not found');
  });

  it('gates the vote type by the contest votingType', async () => {
    const freeOnly = await setup({ votingType: 'free', votingFeeAmount: 0 });
    const paidOnly = await setup({ votingType: 'paid' });
    const v = await voter();
    await fundCredits(t.ctx, v.userId, 50);
    const paid = await castVote(v.token, { entryId: freeOnly.entry.id, contestId: freeOnly.contest.id, voteType: 'paid', amount: 1 });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().message).toBe('This contest only accepts free votes');
    const free = await castVote(v.token, { entryId: paidOnly.entry.id, contestId: paidOnly.contest.id, voteType: 'free' });
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe('This contest only accepts paid votes');
    expect(await credits(v.userId)).toBe(creditsToUnits(50));
  });

  it('limits free votes per contest (freeVotesPerUser)', async () => {
    const { contest, entry } = await setup({ freeVotesPerUser: 2 });
    const v = await voter();
    const body = { entryId: entry.id, contestId: contest.id, voteType: 'free' as const };
    expect((await castVote(v.token, body)).json().data.remaining.freeVotes).toBe(1);
    expect((await castVote(v.token, body)).json().data.remaining.freeVotes).toBe(0);
    const third = await castVote(v.token, body);
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe('You have used all your free votes for this contest');
  });

  it(`limits free votes to ${DAILY_FREE_VOTE_LIMIT} per WAT day across contests, again the next WAT day`, async () => {
    const window = { freeVotesPerUser: 15, votingEndDate: new Date(T.getTime() + 14 * MINUTE) };
    const a = await setup(window);
    const b = await setup(window);
    const v = await voter();
    for (let i = 0; i < 15; i++)
      expect((await castVote(v.token, { entryId: a.entry.id, contestId: a.contest.id, voteType: 'free' })).statusCode).toBe(201);
    for (let i = 0; i < 5; i++)
      expect((await castVote(v.token, { entryId: b.entry.id, contestId: b.contest.id, voteType: 'free' })).statusCode).toBe(201);
    const over = await castVote(v.token, { entryId: b.entry.id, contestId: b.contest.id, voteType: 'free' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('You have used all your free votes for today');
    const summary = await get('/api/votes/my-summary', v.token);
    expect(summary.json().data).toMatchObject({
      freeVotes: 20,
      freeVotesToday: 20,
      dailyFreeVoteLimit: DAILY_FREE_VOTE_LIMIT,
      contestsVotedIn: 2,
    });

    advanceClock(10 * MINUTE); // 00:05 WAT, the next day
    const next = await castVote(v.token, { entryId: b.entry.id, contestId: b.contest.id, voteType: 'free' });
    expect(next.statusCode).toBe(201);
    expect((await get('/api/votes/my-summary', v.token)).json().data.freeVotesToday).toBe(1);
  });

  it('caps all votes per user and contest with maxVotesPerUser (free and paid)', async () => {
    const { contest, entry } = await setup({ maxVotesPerUser: 4, freeVotesPerUser: 2 });
    const v = await voter();
    await fundCredits(t.ctx, v.userId, 100);
    const base = { entryId: entry.id, contestId: contest.id };
    expect((await castVote(v.token, { ...base, voteType: 'free' })).statusCode).toBe(201);
    expect((await castVote(v.token, { ...base, voteType: 'free' })).json().data.remaining).toEqual({ freeVotes: 0, totalVotes: 2 });
    const three = await castVote(v.token, { ...base, voteType: 'paid', amount: 3 });
    expect(three.statusCode).toBe(400);
    expect(three.json().message).toBe('You can cast only 2 more votes in this contest');
    const two = await castVote(v.token, { ...base, voteType: 'paid', amount: 2 });
    expect(two.statusCode).toBe(201);
    expect(two.json().data.remaining).toEqual({ freeVotes: 0, totalVotes: 0 });
    const more = await castVote(v.token, { ...base, voteType: 'paid', amount: 1 });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe('You have reached the maximum of 4 votes for this contest');
    expect(await credits(v.userId)).toBe(creditsToUnits(80));
    expect(await counters(entry.id, contest.id)).toMatchObject({ votesCount: 4, weightedVotes: 12 });
  });
});

describe('POST /api/votes: idempotency', () => {
  it('a retry with the same key answers the first vote with 200 and charges once', async () => {
    const { contest, entry } = await setup();
    const v = await voter();
    await fundCredits(t.ctx, v.userId, 100);
    const body = { entryId: entry.id, contestId: contest.id, voteType: 'paid' as const, amount: 2 };
    const first = await castVote(v.token, body, 'key-1');
    const again = await castVote(v.token, body, 'key-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.vote._id).toBe(first.json().data.vote._id);
    expect(again.json().data.replayed).toBe(true);
    expect(await voteRows(eq(votes.voterId, v.userId))).toHaveLength(1);
    expect(await credits(v.userId)).toBe(creditsToUnits(80));
    expect(await counters(entry.id, contest.id)).toMatchObject({ votesCount: 2, weightedVotes: 10 });

    const different = await castVote(v.token, { ...body, amount: 3 }, 'key-1');
    expect(different.statusCode).toBe(409);
    expect(different.json().errorType).toBe('IDEMPOTENCY_CONFLICT');
    // Without a key every call is a new vote.
    expect((await castVote(v.token, body)).statusCode).toBe(201);
    expect((await castVote(v.token, body)).statusCode).toBe(201);
    expect(await voteRows(eq(votes.voterId, v.userId))).toHaveLength(3);
    // Keys belong to their voter: another voter may use the same one.
    const w = await voter();
    expect((await castVote(w.token, { ...body, voteType: 'free', amount: 1 }, 'key-1')).statusCode).toBe(201);
    const long = await castVote(v.token, body, 'k'.repeat(101));
    expect(long.statusCode).toBe(400);
  });

  it('parallel requests with the same key make one vote and one charge', async () => {
    const { contest, entry } = await setup();
    const v = await voter();
    await fundCredits(t.ctx, v.userId, 100);
    const body = { entryId: entry.id, contestId: contest.id, voteType: 'paid' as const, amount: 1 };
    const results = await Promise.all(Array.from({ length: 6 }, () => castVote(v.token, body, 'same-key')));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().data.vote._id)).size).toBe(1);
    expect(await voteRows(eq(votes.voterId, v.userId))).toHaveLength(1);
    expect(await credits(v.userId)).toBe(creditsToUnits(90));
    const charges = await t.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.reference, `vote:${results[0]!.json().data.vote._id}`));
    expect(charges).toHaveLength(1);
  });
});

describe('POST /api/votes: concurrency', () => {
  it('parallel free votes by one user cannot pass the free-vote limit', async () => {
    const { contest, entry } = await setup({ freeVotesPerUser: 3 });
    const v = await voter();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'free' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(9);
    expect(await voteRows(eq(votes.voterId, v.userId))).toHaveLength(3);
    expect(await counters(entry.id, contest.id)).toEqual({ votesCount: 3, weightedVotes: 3, totalVotes: 3, totalVoters: 1 });
  });

  it('parallel paid votes cannot spend more credits than the voter has', async () => {
    const { contest, entry } = await setup();
    const v = await voter();
    await fundCredits(t.ctx, v.userId, 30);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'paid', amount: 1 })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 400).every((r) => r.json().message === 'Insufficient vote credits')).toBe(true);
    expect(await credits(v.userId)).toBe(0);
    expect(await counters(entry.id, contest.id)).toMatchObject({ votesCount: 3, weightedVotes: 15 });
  });

  it('many voters in parallel: counters equal the votes table', async () => {
    const { contest, entry } = await setup({ maxVotesPerUser: 3 });
    const second = await insertEntry(t.ctx, contest.id, stranger.userId);
    const voters = await Promise.all(Array.from({ length: 6 }, (_, i) => voter(`Voter ${i}`)));
    await Promise.all(voters.map((v) => fundCredits(t.ctx, v.userId, 100)));
    // 18 calls at once (the route's admission limit, VOTES_IN_FLIGHT, may refuse some): a refused call is
    // retried, as a client does after 429 + Retry-After.
    const castRetrying = async (token: string, body: Parameters<typeof castVote>[1]) => {
      for (;;) {
        const res = await castVote(token, body);
        if (res.statusCode !== 429) return res;
        expect(res.headers['retry-after']).toBe('1');
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const calls = voters.flatMap((v, i) => [
      castRetrying(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'free' }),
      castRetrying(v.token, { entryId: i % 2 ? entry.id : second.id, contestId: contest.id, voteType: 'paid', amount: 2 }),
      castRetrying(v.token, { entryId: second.id, contestId: contest.id, voteType: 'paid', amount: 1 }),
    ]);
    const results = await Promise.all(calls);
    // Whatever order they run in, exactly two of each voter's three calls fit the cap of 3 votes.
    const accepted = results.filter((r) => r.statusCode === 201).length;
    expect(accepted).toBe(12);
    const rows = await voteRows(and(eq(votes.contestId, contest.id), eq(votes.isActive, true))!);
    for (const v of voters) expect(rows.filter((r) => r.voterId === v.userId).reduce((n, r) => n + r.amount, 0)).toBeLessThanOrEqual(3);
    const weighted = rows.reduce((n, r) => n + r.weightedTotal, 0);
    const c = await counters(entry.id, contest.id);
    const c2 = await counters(second.id, contest.id);
    expect(c.totalVotes).toBe(weighted);
    expect(c.totalVoters).toBe(6);
    expect(c.weightedVotes + c2.weightedVotes).toBe(weighted);
    expect(c.votesCount + c2.votesCount).toBe(rows.reduce((n, r) => n + r.amount, 0));
    const spent = rows.reduce((n, r) => n + r.creditCost, 0);
    const balances = await Promise.all(voters.map((v) => credits(v.userId)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(creditsToUnits(600) - spent);
  });
});

describe('removing votes and refunding contests', () => {
  it('an admin removes a paid vote: deactivated, counters lowered, credits refunded once', async () => {
    const { contest, entry } = await setup();
    const v = await voter();
    await fundCredits(t.ctx, v.userId, 50);
    const cast = await castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'paid', amount: 2 });
    const voteId = cast.json().data.vote._id;
    expect(await credits(v.userId)).toBe(creditsToUnits(30));

    const byVoter = await t.app.inject({ method: 'DELETE', url: `/api/votes/${voteId}`, headers: bearer(v.token) });
    expect(byVoter.statusCode).toBe(403);
    const byOrganizer = await t.app.inject({ method: 'DELETE', url: `/api/votes/${voteId}`, headers: bearer(organizer.token) });
    expect(byOrganizer.statusCode).toBe(403);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/votes/${voteId}`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.vote.isActive).toBe(false);
    expect(res.json().data.entry).toEqual({ _id: entry.id, votesCount: 0, weightedVotes: 0 });
    expect(await credits(v.userId)).toBe(creditsToUnits(50));
    const [refund] = await t.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `vote:refund:${voteId}`));
    expect(refund?.kind).toBe('vote_refund');
    expect(await counters(entry.id, contest.id)).toEqual({ votesCount: 0, weightedVotes: 0, totalVotes: 0, totalVoters: 0 });

    const twice = await t.app.inject({ method: 'DELETE', url: `/api/votes/${voteId}`, headers: bearer(admin.token) });
    expect(twice.statusCode).toBe(409);
    expect(await credits(v.userId)).toBe(creditsToUnits(50));
    // The removed vote no longer counts towards the voter's limits.
    expect((await get(`/api/votes/contest/${contest.id}/stats`, v.token)).json().data.me).toMatchObject({ votesCast: 0 });
  });

  it('refund-contest: the organizer or an admin cancels and every paid vote is refunded', async () => {
    const { contest, entry } = await setup();
    const [v1, v2] = await Promise.all([voter('Refund One'), voter('Refund Two')]);
    await Promise.all([fundCredits(t.ctx, v1.userId, 40), fundCredits(t.ctx, v2.userId, 40)]);
    expect((await castVote(v1.token, { entryId: entry.id, contestId: contest.id, voteType: 'paid', amount: 3 })).statusCode).toBe(201);
    expect((await castVote(v2.token, { entryId: entry.id, contestId: contest.id, voteType: 'paid', amount: 1 })).statusCode).toBe(201);
    expect((await castVote(v2.token, { entryId: entry.id, contestId: contest.id, voteType: 'free' })).statusCode).toBe(201);
    const revenueBefore = await platformRevenueTotal(t.ctx.db, 'CREDIT');

    const url = `/api/votes/refund-contest/${contest.id}`;
    const noReason = await t.app.inject({ method: 'POST', url, headers: bearer(organizer.token), payload: {} });
    expect(noReason.statusCode).toBe(400);
    const byStranger = await t.app.inject({ method: 'POST', url, headers: bearer(stranger.token), payload: { reason: 'Not mine' } });
    expect(byStranger.statusCode).toBe(403);
    const byVoter = await t.app.inject({ method: 'POST', url, headers: bearer(v1.token), payload: { reason: 'Please' } });
    expect(byVoter.statusCode).toBe(403);

    const res = await t.app.inject({ method: 'POST', url, headers: bearer(organizer.token), payload: { reason: 'Sponsor pulled out' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contest.status).toBe('cancelled');
    expect(res.json().data.refunds).toMatchObject({ votesRefunded: 2, voteCreditsRefunded: 40 });
    expect(await credits(v1.userId)).toBe(creditsToUnits(40));
    expect(await credits(v2.userId)).toBe(creditsToUnits(40));
    expect(await platformRevenueTotal(t.ctx.db, 'CREDIT')).toBe(revenueBefore - creditsToUnits(40));
    expect((await voteRows(eq(votes.contestId, contest.id))).every((r) => !r.isActive)).toBe(true);

    const again = await t.app.inject({ method: 'POST', url, headers: bearer(admin.token), payload: { reason: 'Again' } });
    expect(again.statusCode).toBe(409);
    const late = await castVote(v1.token, { entryId: entry.id, contestId: contest.id, voteType: 'free' });
    expect(late.json().message).toBe('This contest has been cancelled');
  });

  it('refund-contest by an admin', async () => {
    const { contest } = await setup();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/votes/refund-contest/${contest.id}`,
      headers: bearer(admin.token),
      payload: { reason: 'Fraudulent contest' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contest.status).toBe('cancelled');
  });
});

describe('vote listings and stats', () => {
  it('shows voter identities only to the organizer and admins', async () => {
    const { contest, entry } = await setup();
    const v = await voter('Visible Voter');
    const cast = await castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'free' });
    const voteId = cast.json().data.vote._id;

    for (const url of [`/api/votes/contest/${contest.id}`, `/api/votes/entry/${entry.id}`]) {
      for (const token of [undefined, stranger.token, v.token]) {
        const res = await get(url, token);
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({
          votes: [],
          votersVisible: false,
          summary: { votes: 1, freeVotes: 1, uniqueVoters: 1, creditsSpent: null },
        });
        expect(res.body).not.toContain(v.userId);
      }
      for (const token of [organizer.token, admin.token]) {
        const res = await get(url, token);
        expect(res.json().data.votersVisible).toBe(true);
        expect(res.json().data.votes[0].voter).toMatchObject({ _id: v.userId, fullName: 'Visible Voter' });
      }
    }

    expect((await get('/api/votes', stranger.token)).statusCode).toBe(403);
    expect((await get(`/api/votes?contest=${contest.id}`, stranger.token)).statusCode).toBe(403);
    const byOrganizer = await get(`/api/votes?contest=${contest.id}&voteType=free&isActive=true`, organizer.token);
    expect(byOrganizer.statusCode).toBe(200);
    expect(byOrganizer.json().data.votes.map((x: { _id: string }) => x._id)).toEqual([voteId]);
    const all = await get(`/api/votes?voter=${v.userId}`, admin.token);
    expect(all.json().data.pagination.total).toBe(1);
    expect((await get('/api/votes', undefined)).statusCode).toBe(401);

    expect((await get(`/api/votes/${voteId}`, stranger.token)).statusCode).toBe(403);
    expect((await get(`/api/votes/${voteId}`, v.token)).json().data._id).toBe(voteId);
    expect((await get(`/api/votes/${voteId}`, organizer.token)).statusCode).toBe(200);
    expect((await get(`/api/votes/${randomUUID()}`, admin.token)).statusCode).toBe(404);
  });

  it('my votes, my summary, entry and contest stats, analytics', async () => {
    const { contest, entry } = await setup();
    const runnerUp = await insertEntry(t.ctx, contest.id, stranger.userId);
    const v = await voter();
    await fundCredits(t.ctx, v.userId, 100);
    await castVote(v.token, { entryId: entry.id, contestId: contest.id, voteType: 'free' });
    advanceClock(1000);
    await castVote(v.token, { entryId: runnerUp.id, contestId: contest.id, voteType: 'paid', amount: 2 });

    const mine = await get(`/api/votes/my-votes?contest=${contest.id}`, v.token);
    expect(mine.json().data.votes).toHaveLength(2);
    expect(mine.json().data.votes[0]).toMatchObject({ voteType: 'paid', entry: { _id: runnerUp.id }, contest: { _id: contest.id } });
    expect((await get('/api/votes/my-votes?voteType=free', v.token)).json().data.votes).toHaveLength(1);
    expect((await get('/api/votes/my-summary', v.token)).json().data).toMatchObject({
      totalVotes: 3,
      freeVotes: 1,
      paidVotes: 2,
      weightedVotes: 11,
      votesCast: 2,
      creditsSpent: 20,
      contestsVotedIn: 1,
      entriesVotedFor: 2,
    });

    const top = await get(`/api/votes/entry/${runnerUp.id}/stats`);
    expect(top.json().data).toMatchObject({ votesCount: 2, weightedVotes: 10, paidVotes: 2, ranking: 1, creditsSpent: null });
    expect((await get(`/api/votes/entry/${entry.id}/stats`)).json().data.ranking).toBe(2);
    expect((await get(`/api/votes/entry/${runnerUp.id}/stats`, organizer.token)).json().data.creditsSpent).toBe(20);

    const stats = await get(`/api/votes/contest/${contest.id}/stats`, v.token);
    expect(stats.json().data).toMatchObject({
      totalVotes: 11,
      votesCount: 3,
      uniqueVoters: 1,
      votingFee: 10,
      topEntries: [
        { _id: runnerUp.id, rank: 1 },
        { _id: entry.id, rank: 2 },
      ],
      me: { votesCast: 3, freeVotesUsed: 1, remaining: { freeVotes: 2, totalVotes: null } },
    });
    // The voter's own votes per entry (what the entry cards show), and none for another person.
    expect(new Map(stats.json().data.me.votedEntries.map((e: { entryId: string; votes: number }) => [e.entryId, e.votes]))).toEqual(
      new Map([
        [entry.id, 1],
        [runnerUp.id, 2],
      ]),
    );
    expect((await get(`/api/votes/contest/${contest.id}/stats`, organizer.token)).json().data.me.votedEntries).toEqual([]);
    expect((await get(`/api/votes/contest/${contest.id}/stats`)).json().data.me).toBeNull();

    const analytics = await get(`/api/votes/analytics?contest=${contest.id}`, organizer.token);
    expect(analytics.statusCode).toBe(200);
    const today = analytics.json().data.daily.find((d: { date: string }) => d.date === '2030-03-14');
    expect(today).toEqual({ date: '2030-03-14', free: 1, paid: 2, weighted: 11, casts: 2 });
    expect(analytics.json().data.daily.length).toBeGreaterThanOrEqual(30);
    expect(analytics.json().data.totals).toMatchObject({ votes: 3, creditsSpent: 20 });
    const byEntry = await get(`/api/votes/analytics?entry=${runnerUp.id}&voteType=paid`, admin.token);
    expect(byEntry.json().data.totals.votes).toBe(2);
    expect((await get(`/api/votes/analytics?contest=${contest.id}`, stranger.token)).statusCode).toBe(403);
    expect((await get('/api/votes/analytics', organizer.token)).statusCode).toBe(403);
    expect((await get('/api/votes/analytics', admin.token)).statusCode).toBe(200);
    const badRange = await get(`/api/votes/analytics?contest=${contest.id}&dateFrom=2030-03-20&dateTo=2030-03-01`, organizer.token);
    expect(badRange.statusCode).toBe(400);
  });

  it('leaves the ledger balanced', async () => {
    const report = await checkLedgerIntegrity(t.ctx.db);
    expect(report.problems).toEqual([]);
  });
});
