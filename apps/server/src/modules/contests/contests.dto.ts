/** The contest as the API shows it (TContest, packages/shared/src/schemas/contest-views.ts). */
import { unitsToCredits, type TContest } from '@contesthub/shared';
import { toImageSet } from '../../lib/images.js';
import { phaseAt, statusForDates } from './phase.js';
import type { ContestRow, ContestViewRow } from './contests.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ContestOrganizer {
  id: string;
  fullName: string;
  username: string;
  profilePicture: string | null;
}

export interface ContestWinnerInfo {
  entryId: string;
  title: string;
  participantId: string;
  participantName: string;
}

/** Whole days between two moments, rounded up (the wizard's end of day 23:59:59 counts as a full day). */
const days = (from: Date, to: Date) => Math.max(0, Math.ceil((to.getTime() - from.getTime()) / DAY_MS));

/**
 * One contest as TContest. `status` is the status the dates call for at `at` (the scheduler may be
 * a tick behind the clock); `phase`, `isAcceptingEntries` and `isVotingActive` are computed the
 * same way the entry and vote rules check them.
 */
export function toContestDto(row: ContestRow, organizer: ContestOrganizer, at: Date, winner: ContestWinnerInfo | null = null): TContest {
  const phase = phaseAt(row, at);
  const r = row.restrictions ?? {};
  const s = row.settings ?? {};
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    category: row.category as TContest['category'],
    customCategory: row.customCategory,
    displayCategory: row.category === 'other' && row.customCategory ? row.customCategory : row.category,
    coverImage: row.coverImage,
    coverImageSet: toImageSet(row.coverImage, row.coverImageSet),
    status: statusForDates(row, at),
    phase,
    prizeType: row.prizeType,
    prizeAmount: row.prizeAmount,
    prizeItems: row.prizeItems,
    badgeTitle: row.badgeTitle,
    entryType: row.entryType,
    entryFee: row.entryFee,
    entryFeeAmount: unitsToCredits(row.entryFeeAmount),
    entryReview: row.entryReview,
    maxParticipants: row.maxParticipants,
    entriesCount: row.totalEntries,
    tags: row.tags,
    rules: row.rules,
    entryStartDate: row.entryStartDate.toISOString(),
    entryEndDate: row.entryEndDate.toISOString(),
    duration: days(row.entryStartDate, row.entryEndDate),
    votingStartDate: row.votingStartDate.toISOString(),
    votingEndDate: row.votingEndDate.toISOString(),
    votingDuration: days(row.votingStartDate, row.votingEndDate),
    votingType: row.votingType,
    votingFeeAmount: unitsToCredits(row.votingFeeAmount),
    freeVotesPerUser: row.freeVotesPerUser,
    maxVotesPerUser: row.maxVotesPerUser,
    restrictions: {
      ageRestriction: r.ageRestriction ?? false,
      minAge: r.minAge ?? null,
      maxAge: r.maxAge ?? null,
      locationRestriction: r.locationRestriction ?? false,
      allowedLocations: r.allowedLocations ?? [],
      genderRestriction: r.genderRestriction ?? false,
      allowedGenders: r.allowedGenders ?? [],
    },
    settings: {
      allowMultipleEntries: s.allowMultipleEntries ?? false,
      requireApproval: s.requireApproval ?? row.entryReview === 'review',
      showVoteCount: s.showVoteCount ?? true,
      allowComments: s.allowComments ?? true,
    },
    stats: {
      totalEntries: row.totalEntries,
      totalVotes: row.totalVotes,
      totalParticipants: row.totalParticipants,
      totalVoters: row.totalVoters,
    },
    organizer: {
      _id: organizer.id,
      fullName: organizer.fullName,
      username: organizer.username,
      profilePicture: organizer.profilePicture,
    },
    isAdminContest: row.isAdminContest,
    isFeatured: row.isFeatured,
    isAcceptingEntries: phase === 'entries',
    isVotingActive: phase === 'voting',
    winner: winner
      ? { entryId: winner.entryId, title: winner.title, participant: { _id: winner.participantId, fullName: winner.participantName } }
      : null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A row of `selectContestViews` as TContest. */
export function viewToDto(v: ContestViewRow, at: Date): TContest {
  const winner =
    v.winnerEntryId && v.winnerUserId
      ? { entryId: v.winnerEntryId, title: v.winnerTitle ?? '', participantId: v.winnerUserId, participantName: v.winnerName ?? '' }
      : null;
  return toContestDto(v.contest, v.organizer, at, winner);
}
