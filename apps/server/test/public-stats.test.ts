import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests, entries } from '../src/db/schema/index.js';
import { createTestApp, createTestUser, type TestApp } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function getStats() {
  const res = await t.app.inject({ method: 'GET', url: '/api/analytics/public-stats' });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.success).toBe(true);
  return body.data as { activeContests: number; totalParticipants: number; totalPrizeAmount: number; successRate: number };
}

type ContestRow = typeof contests.$inferInsert;

describe('GET /api/analytics/public-stats', () => {
  it('is all zeros on an empty platform', async () => {
    expect(await getStats()).toEqual({ activeContests: 0, totalParticipants: 0, totalPrizeAmount: 0, successRate: 0 });
  });

  it('counts what is in the database', async () => {
    const organizer = await createTestUser(t.ctx, { fullName: 'Organizer One' });
    const [ada, obi, eze] = await Promise.all([
      createTestUser(t.ctx, { fullName: 'Ada Participant' }),
      createTestUser(t.ctx, { fullName: 'Obi Participant' }),
      createTestUser(t.ctx, { fullName: 'Eze Participant' }),
    ]);

    const day = 24 * 60 * 60 * 1000;
    const base = Date.parse('2026-01-01T09:00:00Z');
    const contest = (status: ContestRow['status'], prizeType: ContestRow['prizeType'], prizeAmount: number, title: string): ContestRow => ({
      organizerId: organizer.user.id,
      title,
      description: `${title} description`,
      category: 'photography',
      status,
      prizeType,
      prizeAmount,
      entryType: 'photo',
      entryStartDate: new Date(base),
      entryEndDate: new Date(base + 7 * day),
      votingStartDate: new Date(base + 7 * day),
      votingEndDate: new Date(base + 14 * day),
    });

    const inserted = await t.ctx.db
      .insert(contests)
      .values([
        contest('active', 'cash', 10_000_000, 'Active cash'), // ₦100,000
        contest('voting', 'cashanditem', 5_000_050, 'Voting cash and item'), // ₦50,000.50
        contest('ended', 'cash', 2_000_000, 'Ended with winner'),
        contest('ended', 'badge', 999_900, 'Ended badge with winner'), // a badge prize is not cash
        contest('ended', 'cash', 300_000, 'Ended without winner'),
        contest('draft', 'cash', 77_700, 'Draft'), // not published: not counted
        contest('cancelled', 'cash', 88_800, 'Cancelled'), // cancelled: not counted
      ])
      .returning({ id: contests.id, title: contests.title });
    const id = (title: string) => inserted.find((c) => c.title === title)!.id;

    const entry = (contestId: string, participantId: string, status: 'pending' | 'approved' | 'rejected' = 'approved') => ({
      contestId,
      participantId,
      title: 'My entry',
      description: 'An entry',
      entryType: 'photo' as const,
      status,
    });
    const winners = await t.ctx.db
      .insert(entries)
      .values([
        entry(id('Ended with winner'), ada.user.id),
        entry(id('Ended badge with winner'), obi.user.id),
        // Ada again and Obi again: still two people.
        entry(id('Active cash'), ada.user.id),
        entry(id('Voting cash and item'), obi.user.id, 'pending'),
        entry(id('Ended without winner'), ada.user.id, 'rejected'),
      ])
      .returning({ id: entries.id, contestId: entries.contestId });
    await t.ctx.db
      .update(contests)
      .set({ winnerEntryId: winners[0]!.id })
      .where(eq(contests.id, id('Ended with winner')));
    await t.ctx.db
      .update(contests)
      .set({ winnerEntryId: winners[1]!.id })
      .where(eq(contests.id, id('Ended badge with winner')));

    expect(await getStats()).toEqual({
      activeContests: 2, // active + voting
      totalParticipants: 2, // Ada and Obi; Eze has no entry
      totalPrizeAmount: 10_000_000 + 5_000_050 + 2_000_000 + 300_000, // kobo, cash prizes of published, not cancelled contests
      successRate: 66.7, // 2 of 3 ended contests have a winner, one decimal
    });

    // Eze enters: one more participant; the numbers follow the data.
    await t.ctx.db.insert(entries).values(entry(id('Active cash'), eze.user.id));
    expect((await getStats()).totalParticipants).toBe(3);
  });
});
