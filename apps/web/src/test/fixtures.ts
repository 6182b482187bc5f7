/**
 * Server answers for page tests, built from one set of defaults and checked against the shared
 * contract (a fixture that drifts from what the server sends fails at once). Imported by tests only.
 */
import { ZContest, ZEntry, ZMyEntry, ZWallet, type TContest, type TEntry, type TMyEntry, type TWallet } from '@contesthub/shared';

export const DAY = 24 * 60 * 60 * 1000;
/** An ISO time `n` days from now (negative: ago). */
export const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

/**
 * A contest as the contests API answers it: 'Lagos at Night', a free photo contest with a ₦50,000
 * cash prize by Kemi Ade (u7), accepting entries for 3 more days, no entries or votes yet.
 */
export const contestDto = (over: Partial<TContest> = {}): TContest =>
  ZContest.parse({
    _id: 'c1',
    title: 'Lagos at Night',
    description: 'Photos of the city after dark.',
    category: 'photography',
    customCategory: null,
    displayCategory: 'photography',
    coverImage: null,
    status: 'active',
    phase: 'entries',
    prizeType: 'cash',
    prizeAmount: 5_000_000,
    prizeItems: [],
    badgeTitle: null,
    entryType: 'photo',
    entryFee: 'free',
    entryFeeAmount: 0,
    entryReview: 'open',
    maxParticipants: null,
    entriesCount: 0,
    tags: ['night'],
    rules: ['Original work only'],
    entryStartDate: inDays(-2),
    entryEndDate: inDays(3),
    duration: 5,
    votingStartDate: inDays(3),
    votingEndDate: inDays(10),
    votingDuration: 7,
    votingType: 'free',
    votingFeeAmount: 0,
    freeVotesPerUser: 1,
    maxVotesPerUser: 1,
    restrictions: {
      ageRestriction: false,
      minAge: null,
      maxAge: null,
      locationRestriction: false,
      allowedLocations: [],
      genderRestriction: false,
      allowedGenders: [],
    },
    settings: { allowMultipleEntries: false, requireApproval: false, showVoteCount: true, allowComments: true },
    stats: { totalEntries: 0, totalVotes: 0, totalParticipants: 0, totalVoters: 0 },
    organizer: { _id: 'u7', fullName: 'Kemi Ade', username: 'kemiade', profilePicture: null },
    isAdminContest: false,
    isFeatured: false,
    isAcceptingEntries: true,
    isVotingActive: false,
    winner: null,
    cancelledAt: null,
    cancelReason: null,
    createdAt: inDays(-2),
    updatedAt: inDays(-2),
    ...over,
  } satisfies TContest);

/**
 * An entry as the entries API answers it: 'Third Mainland Dusk', an approved photo by Tunde Bello
 * (u9) in 'Lagos at Night' (c1, voting, free, ₦50,000 cash), no votes, likes or comments yet.
 */
export const entryDto = (over: Partial<TEntry> = {}): TEntry =>
  ZEntry.parse({
    _id: 'e1',
    title: 'Third Mainland Dusk',
    description: 'Long exposure over the lagoon.',
    entryType: 'photo',
    status: 'approved',
    rejectionReason: null,
    media: [
      {
        url: 'https://cdn.example/e1.jpg',
        thumbnailUrl: 'https://cdn.example/e1-thumb.jpg',
        kind: 'image',
        mimeType: 'image/jpeg',
        size: 120_000,
      },
    ],
    tags: [],
    settings: { allowSharing: true },
    votesCount: 0,
    weightedVotes: 0,
    likesCount: 0,
    commentsCount: 0,
    participant: { _id: 'u9', fullName: 'Tunde Bello', username: 'tunde', profilePicture: null, verified: true },
    contest: {
      _id: 'c1',
      title: 'Lagos at Night',
      category: 'photography',
      status: 'voting',
      entryFee: 'free',
      entryFeeAmount: 0,
      prizeType: 'cash',
      prizeAmount: 5_000_000,
      badgeTitle: null,
    },
    ranking: null,
    createdAt: '2026-03-05T10:00:00Z',
    submittedAt: '2026-03-05T10:00:00Z',
    ...over,
  } satisfies TEntry);

/** A My Entries card's entry: `entryDto` plus the approved entries of its contest (1 unless given). */
export const myEntryDto = (over: Partial<TMyEntry> = {}): TMyEntry => ZMyEntry.parse({ ...entryDto(), approvedEntries: 1, ...over });

/** A wallet as GET /api/wallet answers it: ₦15,000, 10 credits, no winnings, no bank account yet. */
export const walletDto = (over: Partial<TWallet> = {}): TWallet =>
  ZWallet.parse({
    id: 'w1',
    userId: 'u1',
    balance: 1_500_000,
    currency: 'NGN',
    voteCredits: 10,
    totalWinnings: 0,
    createdAt: '2026-01-01T00:00:00Z',
    bankAccount: null,
    ...over,
  });
