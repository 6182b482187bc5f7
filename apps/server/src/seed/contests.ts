/**
 * Plays the demo contest plans through the real services (contests, entries, review, votes,
 * comments, likes, reports, lifecycle), with the clock moved back so contests can be created,
 * entered, voted on and ended "in the past". Each plan runs in one transaction (the services'
 * own transactions become savepoints inside it), so a plan is either fully there or not at all;
 * a plan whose contest already exists is skipped, which makes re-running the seed harmless.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { BADGE_CONTEST_CREDIT_COST, ZCreateComment, ZCreateContest, creditsToUnits, nairaToKobo, type UserRole } from '@contesthub/shared';
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { contests, entries } from '../db/schema/index.js';
import { advanceClock, setClock } from '../lib/clock.js';
import * as commentsService from '../modules/comments/post-comment.js';
import * as contestsService from '../modules/contests/create-contest.js';
import { cancelContest } from '../modules/contest-settlement/change-status.js';
import { finalizeContest } from '../modules/contest-settlement/finalize-contest.js';
import * as reportsService from '../modules/contests/file-report.js';
import { likeEntry } from '../modules/entries/entry-likes.js';
import { submitEntry } from '../modules/entries/submit-entry.js';
import * as reviewService from '../modules/entries/entry-review.js';
import * as votesService from '../modules/votes/cast-vote.js';
import { accounts } from '../modules/ledger/accounts.js';
import { balanceOf, post, userBalances } from '../modules/ledger/ledger.js';
import type { FormFields, FormReader } from '../modules/entries/entry-intake.js';
import { artPng, articlePdf, melodyWav, slideshowWebm } from './media.js';
import { COMMENT_LINES, type ContestPlan, type EntryPlan, type PersonKey } from './plans.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export interface Person {
  key: PersonKey;
  id: string;
  role: UserRole;
  fullName: string;
  /** Key demo accounts whose README balances must still hold after seeding. */
  keepBalances: boolean;
}

export type People = Record<PersonKey, Person>;

export interface PlanResult {
  created: boolean;
  contestId: string;
}

const actor = (p: Person) => ({ userId: p.id, role: p.role });

/** Deposits (wallet) or grants (credits) what `userId` lacks to hold `need`; a no-op when they have it. */
async function ensureFunds(tx: Tx, userId: string, asset: 'NGN' | 'CREDIT', need: number, reference: string): Promise<void> {
  const account = asset === 'NGN' ? accounts.userWallet(userId) : accounts.userCredits(userId);
  const short = need - (await balanceOf(tx, account));
  if (short <= 0) return;
  await post(tx, {
    reference,
    kind: asset === 'NGN' ? 'demo_funding' : 'promotional_credit',
    description: asset === 'NGN' ? 'Demo wallet funding' : 'Demo vote credits',
    lines:
      asset === 'NGN'
        ? [
            { account, amount: short },
            { account: accounts.demoFunding(), amount: -short },
          ]
        : [
            { account, amount: short },
            { account: accounts.promotions(), amount: -short },
          ],
  });
}

/** A FormReader handing the entry service one generated file, as the multipart route would. */
function formReader(fields: Record<string, string>, file: { name: string; data: Buffer }): FormReader {
  return async (opts) => {
    await mkdir(opts.tmpDir, { recursive: true });
    const tmp = path.join(opts.tmpDir, `seed-${randomBytes(8).toString('hex')}`);
    await writeFile(tmp, file.data, { mode: 0o600 });
    const map: FormFields = new Map(Object.entries(fields).map(([k, v]) => [k, [v]]));
    return {
      fields: map,
      files: [{ path: tmp, size: file.data.length, filename: file.name }],
      cleanup: () => rm(tmp, { force: true }),
    };
  };
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

async function entryFile(plan: ContestPlan, e: EntryPlan, author: Person): Promise<{ name: string; data: Buffer }> {
  const name = slug(e.title);
  switch (plan.entryType) {
    case 'photo':
      return { name: `${name}.png`, data: await artPng({ title: e.title, subtitle: `by ${author.fullName}`, width: 800, height: 600 }) };
    case 'video':
      return {
        name: `${name}.webm`,
        data: await slideshowWebm(
          [e.title, ...e.description.split(/[.,:]/).filter((s) => s.trim().length > 3), author.fullName].slice(0, 4).map((title, i) => ({
            title,
            seed: `${e.title}:${i}`,
            width: 480,
            height: 270,
          })),
        ),
      };
    case 'audio':
      return { name: `${name}.wav`, data: melodyWav(e.title) };
    case 'article':
      return {
        name: `${name}.pdf`,
        data: articlePdf(e.title, `by ${author.fullName} - ${plan.title}`, [
          e.description,
          `This entry was written for "${plan.title}" on ContestHub. ${plan.description}`,
          'Thank you for reading. Share your thoughts in the comments and vote for your favourite entry.',
        ]),
      };
  }
}

/** The four dates and the moments things happen, relative to `base`, for a plan's phase. */
function timeline(plan: ContestPlan, base: number, index: number) {
  const shift = (index % 5) * 5 * HOUR;
  switch (plan.phase) {
    case 'upcoming':
      return {
        created: base - DAY,
        entryStart: base + 3 * DAY + shift,
        entryEnd: base + 17 * DAY + shift,
        votingEnd: base + 24 * DAY + shift,
      };
    case 'entries':
      return {
        created: base - 6 * DAY,
        entryStart: base - 6 * DAY + HOUR,
        entryEnd: base + 8 * DAY + shift,
        votingEnd: base + 15 * DAY + shift,
      };
    case 'voting':
      return {
        created: base - 12 * DAY,
        entryStart: base - 12 * DAY + HOUR,
        entryEnd: base - 2 * DAY - shift,
        votingEnd: base + 5 * DAY + shift,
      };
    case 'ended': {
      const c = base - 40 * DAY - index * DAY;
      return { created: c, entryStart: c + HOUR, entryEnd: c + 10 * DAY, votingEnd: c + 17 * DAY };
    }
    case 'cancelled': {
      const c = base - 20 * DAY - shift;
      return plan.entries.length === 0
        ? { created: c, entryStart: c + 30 * DAY, entryEnd: c + 40 * DAY, votingEnd: c + 47 * DAY }
        : { created: c, entryStart: c + HOUR, entryEnd: c + 10 * DAY, votingEnd: base + 4 * DAY };
    }
  }
}

export interface SeedCounters {
  entries: number;
  votes: number;
  comments: number;
  likes: number;
  reports: number;
}

/**
 * Runs one plan in its own transaction. Returns created=false when the contest already exists.
 * Key demo accounts are topped up at the end to what they held before the plan, so the balances
 * the README lists stay true whatever the plan spent.
 */
export async function runPlan(
  ctx: AppContext,
  people: People,
  plan: ContestPlan,
  index: number,
  base: number,
  counters: SeedCounters,
): Promise<PlanResult> {
  const organizer = people[plan.organizer];
  const find = async (db: Db | Tx) =>
    (
      await db
        .select({ id: contests.id })
        .from(contests)
        .where(and(eq(contests.organizerId, organizer.id), eq(contests.title, plan.title)))
    )[0];
  const found = await find(ctx.db);
  if (found) return { created: false, contestId: found.id };

  // Media first, all at once (sharp works on its own threads), outside the transaction.
  const [cover, ...files] = await Promise.all<Buffer | { name: string; data: Buffer }>([
    artPng({
      title: plan.title,
      subtitle: plan.customCategory ?? plan.category.replace(/^./, (c) => c.toUpperCase()),
      width: 1200,
      height: 630,
    }),
    ...plan.entries.map((e) => entryFile(plan, e, people[e.by])),
  ]);

  return ctx.db.transaction(async (tx) => {
    const existing = await find(tx);
    if (existing) return { created: false, contestId: existing.id };

    // The services see this transaction as their database: their transactions nest as savepoints.
    const sctx: AppContext = { ...ctx, db: tx as unknown as Db };
    const keyPeople = Object.values(people).filter((p) => p.keepBalances);
    const before = new Map(await Promise.all(keyPeople.map(async (p) => [p.id, await userBalances(tx, p.id)] as const)));
    const ref = (what: string, userId: string) => `demo:seed:${plan.key}:${what}:${userId}`;

    const t = timeline(plan, base, index);
    setClock(new Date(t.created));

    // --- the contest, its prize funded from the organizer's wallet or credits
    const prizeKobo = plan.prizeType === 'badge' ? 0 : nairaToKobo(plan.prizeNaira ?? 0);
    if (plan.prizeType === 'badge') {
      await ensureFunds(tx, organizer.id, 'CREDIT', creditsToUnits(BADGE_CONTEST_CREDIT_COST), ref('badge-fee', organizer.id));
    } else {
      await ensureFunds(tx, organizer.id, 'NGN', prizeKobo, ref('prize', organizer.id));
    }
    const input = ZCreateContest.parse({
      title: plan.title,
      description: plan.description,
      category: plan.category,
      customCategory: plan.customCategory,
      maxParticipants: plan.maxParticipants ?? null,
      prizeType: plan.prizeType,
      prizeAmount: prizeKobo,
      prizeItems: plan.prizeItems ?? [],
      badgeTitle: plan.badgeTitle,
      entryFee: plan.entryFeeCredits ? 'paid' : 'free',
      entryFeeAmount: plan.entryFeeCredits ?? 0,
      entryType: plan.entryType,
      entryReview: plan.entryReview ?? 'open',
      entryStartDate: new Date(t.entryStart).toISOString(),
      entryEndDate: new Date(t.entryEnd).toISOString(),
      votingStartDate: new Date(t.entryEnd).toISOString(),
      votingEndDate: new Date(t.votingEnd).toISOString(),
      votingType: plan.votingType,
      votingFeeAmount: plan.votingFeeCredits ?? 0,
      freeVotesPerUser: plan.freeVotesPerUser ?? 1,
      maxVotesPerUser: plan.maxVotesPerUser === undefined ? 1 : plan.maxVotesPerUser,
      restrictions: { ageRestriction: false, locationRestriction: false, genderRestriction: false, ...plan.restrictions },
      rules: plan.rules,
      tags: plan.tags,
    });
    const contest = await contestsService.createContest(sctx, actor(organizer), input, cover as Buffer);
    const contestId = contest._id;
    if (plan.featured) await tx.update(contests).set({ isFeatured: true }).where(eq(contests.id, contestId));

    // --- entries (during the entry window)
    const approved: { id: string; by: Person }[] = [];
    if (plan.entries.length > 0) setClock(new Date(t.entryStart + DAY));
    for (const [n, e] of plan.entries.entries()) {
      advanceClock(3 * HOUR + 17 * 60_000);
      const author = people[e.by];
      if (plan.entryFeeCredits) {
        await ensureFunds(tx, author.id, 'CREDIT', creditsToUnits(plan.entryFeeCredits), ref('entry-fee', author.id));
      }
      const file = files[n] as { name: string; data: Buffer };
      const submitted = await submitEntry(
        sctx,
        author.id,
        formReader({ contestId, title: e.title, description: e.description, entryType: plan.entryType, tags: plan.tags.join(',') }, file),
      );
      counters.entries++;
      const entryId = submitted.entry._id;
      const outcome = e.outcome ?? 'approved';
      if (submitted.status === 'pending' && outcome === 'approved') {
        advanceClock(40 * 60_000);
        await reviewService.approveEntry(sctx, actor(organizer), entryId);
      } else if (submitted.status === 'pending' && outcome === 'rejected') {
        advanceClock(40 * 60_000);
        await reviewService.rejectEntry(sctx, actor(organizer), entryId, {
          reason: 'Please upload the finished poem rather than a draft, then submit again.',
        });
      }
      if (outcome === 'approved') approved.push({ id: entryId, by: author });
    }

    // --- engagement: likes and comments while entries are open or voting runs
    const others = Object.values(people).filter((p) => p.id !== organizer.id && p.role === 'user');
    const talk = async (who: Person, content: string, extra: { entryId?: string; parentCommentId?: string; anonymous?: boolean } = {}) => {
      advanceClock(23 * 60_000);
      const c = await commentsService.createComment(
        sctx,
        actor(who),
        ZCreateComment.parse({
          content,
          contestId,
          entryId: extra.entryId,
          parentCommentId: extra.parentCommentId,
          settings: { isAnonymous: extra.anonymous ?? false },
        }),
      );
      counters.comments++;
      return c;
    };
    const line = (n: number) => COMMENT_LINES[(index * 3 + n) % COMMENT_LINES.length]!;

    if (plan.phase === 'upcoming') {
      const asker = others[index % others.length]!;
      const q = await talk(asker, 'Can’t wait for this one! Can I enter more than once?');
      await talk(organizer, 'One entry per person this time, so make it your best. Good luck!', { parentCommentId: q._id });
    }

    if (approved.length > 0) {
      for (const [i, entry] of approved.entries()) {
        const likers = others.filter((p) => p.id !== entry.by.id).slice((index + i) % 4, ((index + i) % 4) + 4 - Math.min(i, 2));
        for (const liker of likers) {
          advanceClock(5 * 60_000);
          await likeEntry(sctx, actor(liker), entry.id);
          counters.likes++;
        }
      }
      const a = others[(index + 1) % others.length]!;
      const b = others[(index + 4) % others.length]!;
      const first = await talk(a, line(0));
      await talk(organizer, 'Thank you all for the lovely entries so far!', { parentCommentId: first._id });
      await talk(b, line(1), { anonymous: true });
      const top = approved[0]!;
      const fan = others.find((p) => p.id !== top.by.id && p.id !== a.id) ?? a;
      await talk(fan, line(2), { entryId: top.id });
    }

    // --- votes during the voting window (free and paid, through the votes service)
    const votable = plan.phase === 'voting' || plan.phase === 'ended' || (plan.phase === 'cancelled' && approved.length > 0);
    if (votable && approved.length > 0) {
      setClock(new Date(plan.phase === 'voting' ? base - DAY : t.entryEnd + DAY));
      const voters = others;
      const n = approved.length;
      let k = 0;
      for (const [j, voter] of voters.entries()) {
        const pick = (start: number) => {
          for (let s = 0; s < n; s++) {
            const cand = approved[(start + s) % n]!;
            if (cand.by.id !== voter.id) return cand;
          }
          return undefined;
        };
        if (plan.votingType !== 'paid') {
          const slot = j % (n + 1);
          const target = pick(slot === n ? 0 : slot);
          if (target) {
            advanceClock(11 * 60_000);
            await votesService.castVote(
              sctx,
              actor(voter),
              { contestId, entryId: target.id, voteType: 'free', amount: 1 },
              `demo:${plan.key}:${k++}`,
            );
            counters.votes++;
          }
        }
        if (plan.votingType !== 'free' && j < 5) {
          const target = pick(j < 3 ? 0 : j % n);
          const amount = 1 + (j % 3);
          if (target) {
            await ensureFunds(tx, voter.id, 'CREDIT', creditsToUnits((plan.votingFeeCredits ?? 0) * amount), ref(`vote-${j}`, voter.id));
            advanceClock(13 * 60_000);
            await votesService.castVote(
              sctx,
              actor(voter),
              { contestId, entryId: target.id, voteType: 'paid', amount },
              `demo:${plan.key}:${k++}`,
            );
            counters.votes++;
          }
        }
      }
    }

    // --- the end: finalize (winner paid 95% / badge) or cancel (everything refunded)
    if (plan.phase === 'ended') {
      setClock(new Date(t.votingEnd + HOUR));
      const outcome = await finalizeContest(sctx, contestId);
      if (!outcome) throw new Error(`demo contest ${plan.key} did not finalize`);
    } else if (plan.phase === 'cancelled') {
      setClock(new Date(plan.entries.length === 0 ? t.created + DAY : t.entryEnd + 2 * DAY));
      await cancelContest(sctx, contestId, actor(organizer), plan.cancelReason);
    }

    // --- keep the README's balances true for the key demo accounts
    for (const p of keyPeople) {
      const was = before.get(p.id)!;
      const is = await userBalances(tx, p.id);
      if (is.walletKobo < was.walletKobo) await ensureFunds(tx, p.id, 'NGN', was.walletKobo, ref('restore-wallet', p.id));
      if (is.creditUnits < was.creditUnits) await ensureFunds(tx, p.id, 'CREDIT', was.creditUnits, ref('restore-credits', p.id));
    }
    return { created: true, contestId };
  });
}

/** A couple of reports for the moderation area (a spam comment and an entry), made with the Jollof plan. */
export async function seedReports(ctx: AppContext, people: People, contestId: string, counters: SeedCounters): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const sctx: AppContext = { ...ctx, db: tx as unknown as Db };
    const comment = await commentsService.createComment(
      sctx,
      actor(people.tobi),
      ZCreateComment.parse({ content: 'Follow my page for cheap followers and free data!!! DM now', contestId }),
    );
    counters.comments++;
    await reportsService.reportComment(sctx, people.adaeze.id, contestId, comment._id, {
      reason: 'spam',
      description: 'This comment is advertising followers for sale, not about the contest.',
    });
    counters.reports++;
    const [target] = await tx
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.contestId, contestId), eq(entries.participantId, people.ibrahim.id)));
    if (target) {
      await reportsService.reportEntry(sctx, people.ngozi.id, contestId, target.id, {
        reason: 'copyright_violation',
        description: 'I think this photo was taken from a food blog, not cooked by the entrant.',
      });
      counters.reports++;
    }
  });
}

/** Restores the real clock; always called after seeding. */
export const resetClock = () => setClock(null);
