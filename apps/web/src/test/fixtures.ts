/**
 * Server answers for page tests, built from one set of defaults and checked against the shared
 * contract (a fixture that drifts from what the server sends fails at once). Imported by tests only.
 */
import {
  creditPurchaseQuote,
  CUSTOM_CREDIT_PRICE_KOBO,
  CUSTOM_CREDIT_PURCHASE_MAX_CREDITS,
  CREDIT_PURCHASE_FEE_PERCENT,
  PREMIUM_CREDIT_DISCOUNT_PERCENT,
  VOTE_CREDIT_PACKAGES,
  WITHDRAWAL_FEE_KOBO,
  ZBankAccount,
  ZBankList,
  ZContest,
  ZEntry,
  ZMyEntry,
  ZVoteCreditPackages,
  ZVoteCreditStats,
  ZVoteCreditTransaction,
  ZWallet,
  ZWithdrawal,
  type TBank,
  type TBankAccount,
  type TContest,
  type TEntry,
  type TMyEntry,
  type TVoteCreditPackages,
  type TVoteCreditStats,
  type TVoteCreditTransaction,
  type TWallet,
  type TWithdrawal,
  PLANS,
  subscriptionQuote,
  ZSubscription,
  ZSubscriptionPricing,
  ZTransferHistoryItem,
  ZTransferUser,
  type TSubscription,
  type TSubscriptionPricing,
  type TTransferHistoryItem,
  type TTransferUser,
  ZReferralStats,
  ZSession,
  type TReferralStats,
  type TSession,
  ZCastResult,
  ZComment,
  ZContestVoteStats,
  type TCastResult,
  type TComment,
  type TContestVoteStats,
  ZReportSubmitted,
  type TReportSubmitted,
  ZVoteCreditPurchaseStarted,
  type TVoteCreditPurchaseStarted,
} from '@contesthub/shared';

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
    coverImageSet: null,
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

/** A payout account as the wallet answers it: Ada Obi's verified GTBank account. */
export const bankAccountDto = (over: Partial<TBankAccount> = {}): TBankAccount =>
  ZBankAccount.parse({
    bankName: 'Guaranty Trust Bank',
    bankCode: '058',
    accountNumber: '0123456789',
    accountName: 'ADA OBI',
    isVerified: true,
    createdAt: '2026-02-01T09:00:00Z',
    ...over,
  });

/** GET /api/wallet/banks: a few Nigerian banks (code and name). */
export const banksDto = (): TBank[] =>
  ZBankList.parse([
    { code: '044', name: 'Access Bank' },
    { code: '063', name: 'Access Bank (Diamond)' },
    { code: '058', name: 'Guaranty Trust Bank' },
    { code: '057', name: 'Zenith Bank' },
    { code: '50211', name: 'Kuda Bank' },
    { code: '999992', name: 'OPay Digital Services' },
  ]);

/** A withdrawal as GET /api/wallet/withdrawals lists it: ₦5,000 paid to Ada's GTBank account (₦100 fee). */
export const withdrawalDto = (over: Partial<TWithdrawal> = {}): TWithdrawal => {
  const amount = over.amount ?? 500_000;
  return ZWithdrawal.parse({
    id: 'wd1',
    reference: 'wdr-1',
    amount,
    fee: WITHDRAWAL_FEE_KOBO,
    total: amount + WITHDRAWAL_FEE_KOBO,
    status: 'success',
    bankName: 'Guaranty Trust Bank',
    accountNumber: '0123456789',
    accountName: 'ADA OBI',
    failureReason: null,
    createdAt: '2026-03-02T12:00:00Z',
    ...over,
  });
};

/** GET /api/vote-credits/packages for a free-tier (or, with `premium`, a premium) user, priced by the shared rule. */
export const voteCreditPackagesDto = ({ premium = false } = {}): TVoteCreditPackages =>
  ZVoteCreditPackages.parse({
    packages: VOTE_CREDIT_PACKAGES.map((p) => {
      const q = creditPurchaseQuote({ package: p.id, premium });
      return {
        id: p.id,
        credits: p.credits,
        price: p.priceKobo,
        popular: p.popular,
        discount: q.discountKobo,
        fee: q.feeKobo,
        total: q.totalKobo,
      };
    }),
    premium,
    discountPercent: PREMIUM_CREDIT_DISCOUNT_PERCENT,
    feePercent: CREDIT_PURCHASE_FEE_PERCENT,
    customCreditPrice: CUSTOM_CREDIT_PRICE_KOBO,
    customMaxCredits: CUSTOM_CREDIT_PURCHASE_MAX_CREDITS,
  } satisfies TVoteCreditPackages);

/**
 * What POST /api/vote-credits/purchase answers for `input` (a package or whole credits, free tier unless
 * `premium`): the checkout address and the server's quote, priced by the shared rule.
 */
export const creditPurchaseStartedDto = (
  input: Parameters<typeof creditPurchaseQuote>[0],
  reference = 'vcp-1',
): TVoteCreditPurchaseStarted => {
  const q = creditPurchaseQuote(input);
  return ZVoteCreditPurchaseStarted.parse({
    authorizationUrl: `https://checkout.example/pay/${reference}`,
    reference,
    amount: q.totalKobo,
    quote: {
      package: q.package,
      credits: q.credits,
      premium: q.premium,
      basePrice: q.basePriceKobo,
      discount: q.discountKobo,
      discountedPrice: q.discountedPriceKobo,
      fee: q.feeKobo,
      total: q.totalKobo,
    },
  } satisfies TVoteCreditPurchaseStarted);
};

/** A vote-credit row as GET /api/vote-credits/transactions lists it: a completed purchase of 100 credits for ₦5,040. */
export const voteCreditTransactionDto = (over: Partial<TVoteCreditTransaction> = {}): TVoteCreditTransaction =>
  ZVoteCreditTransaction.parse({
    id: 'vct1',
    reference: 'vcp-0123456789abcdef0123456789abcdef',
    type: 'vote_credit_purchase',
    status: 'completed',
    failureReason: null,
    description: 'Purchased 100 vote credits',
    voteCredits: 100,
    amount: 504_000,
    createdAt: '2026-03-03T08:00:00Z',
    ...over,
  });

/** GET /api/vote-credits/stats: 110 credits now, one purchase of 100 credits for ₦5,040, 40 used. */
export const voteCreditStatsDto = (over: Partial<TVoteCreditStats> = {}): TVoteCreditStats =>
  ZVoteCreditStats.parse({
    currentCredits: 110,
    totalSpent: 504_000,
    totalCreditsPurchased: 100,
    totalTransactions: 1,
    totalCreditsUsed: 40,
    ...over,
  });

// ---------- transfers and subscriptions (Transfer Credits, Subscription pages) ----------

/** A member as the transfer search answers it: Bola Ade (u2). */
export const transferUserDto = (over: Partial<TTransferUser> = {}): TTransferUser =>
  ZTransferUser.parse({ id: 'u2', fullName: 'Bola Ade', email: 'bola@x.ng', profilePicture: null, ...over });

/** A transfer history row: 50 credits sent to Bola Ade on 1 Mar 2026. */
export const transferHistoryItemDto = (over: Partial<TTransferHistoryItem> = {}): TTransferHistoryItem =>
  ZTransferHistoryItem.parse({
    id: 'th1',
    type: 'vote_credit_transfer_sent',
    voteCredits: -50,
    amount: 0,
    description: 'Vote credits sent to Bola Ade',
    reference: 'transfer:u1:k1',
    createdAt: '2026-03-01T10:00:00Z',
    metadata: { recipientName: 'Bola Ade' },
    ...over,
  });

/** GET /api/subscriptions/pricing as the server builds it: the spec's prices (subscriptionQuote) and the plans' texts. */
export const subscriptionPricingDto = (): TSubscriptionPricing =>
  ZSubscriptionPricing.parse({
    pricing: (['basic_premium', 'professional'] as const).map((tier) => {
      const plan = PLANS.find((p) => p.tier === tier)!;
      const period = (duration: 'monthly' | 'yearly') => {
        const q = subscriptionQuote(tier, duration);
        return { totalPrice: q.amountKobo, discount: q.discountKobo, durationDays: q.durationDays };
      };
      return {
        tier,
        name: plan.name,
        description: plan.description,
        features: plan.highlights,
        monthly: period('monthly'),
        yearly: period('yearly'),
      };
    }),
  });

/**
 * A subscription as the subscriptions API answers it: Basic Premium, monthly, paid ₦2,500 from the wallet,
 * active, started 10 days ago with 20 of its 30 days remaining.
 */
export const subscriptionDto = (over: Partial<TSubscription> = {}): TSubscription =>
  ZSubscription.parse({
    id: 's1',
    tier: 'basic_premium',
    duration: 'monthly',
    isTrial: false,
    status: 'active',
    isActive: true,
    paymentMethod: 'wallet',
    amount: 250_000,
    startDate: inDays(-10),
    endDate: inDays(20),
    daysRemaining: 20,
    durationDays: 30,
    autoRenew: false,
    cancelledAt: null,
    cancelReason: null,
    createdAt: inDays(-10),
    ...over,
  });

/** GET /referrals/stats for Ada (code ADA12345): no referrals yet unless `over` brings some. */
export const referralStatsDto = (over: Partial<TReferralStats> = {}): TReferralStats =>
  ZReferralStats.parse({
    code: 'ADA12345',
    referralUrl: 'http://x/register?ref=ADA12345',
    totalReferrals: 0,
    totalEarnings: 0,
    pendingRewards: 0,
    referredBy: null,
    referrals: [],
    ...over,
  } satisfies TReferralStats);

/** One signed-in session (GET /auth/sessions): this device, active now, unless `over` says otherwise. */
export const sessionDto = (over: Partial<TSession> = {}): TSession =>
  ZSession.parse({
    sessionId: 's1',
    userAgent: null,
    ipAddress: null,
    lastActivity: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    location: null,
    current: true,
    ...over,
  } satisfies TSession);

// ---------- comments and votes (the contest page) ----------

/**
 * A comment as the comments API answers it: 'Lovely shots' by Bola Ade (u2) on 'Lagos at Night' (c1),
 * posted a day ago, one like (not mine), visible.
 */
export const commentDto = (over: Partial<TComment> = {}): TComment =>
  ZComment.parse({
    _id: 'cm1',
    content: 'Lovely shots',
    author: { _id: 'u2', fullName: 'Bola Ade', profilePicture: null },
    settings: { isAnonymous: false },
    likes: 1,
    likedByMe: false,
    stats: { likes: 1 },
    status: 'active',
    parentComment: null,
    contestId: 'c1',
    contest: { _id: 'c1', title: 'Lagos at Night' },
    entry: null,
    isMine: false,
    createdAt: inDays(-1),
    timeAgo: '1d ago',
    editedAt: null,
    ...over,
  } satisfies TComment);

/**
 * GET /votes/contest/:id/stats for contest c1 with no votes yet; `me` (the signed-in caller) has cast
 * nothing and may still cast one free vote of 10 in all.
 */
export const contestVoteStatsDto = (over: Partial<TContestVoteStats> = {}): TContestVoteStats =>
  ZContestVoteStats.parse({
    contestId: 'c1',
    totalVotes: 0,
    votesCount: 0,
    freeVotes: 0,
    paidVotes: 0,
    uniqueVoters: 0,
    creditsSpent: null,
    votingFee: 0,
    dailyFreeVoteLimit: 10,
    lastVoteAt: null,
    topEntries: [],
    me: { votesCast: 0, freeVotesUsed: 0, remaining: { freeVotes: 1, totalVotes: 10 }, votedEntries: [] },
    ...over,
  } satisfies TContestVoteStats);

/**
 * POST /votes: one free vote by Ada (u1) for entry e1 of contest c1, now counted once (1 weighted),
 * no free vote left of the 10 the contest allows.
 */
export const castResultDto = (over: Partial<TCastResult> = {}): TCastResult =>
  ZCastResult.parse({
    vote: {
      _id: 'v1',
      entryId: 'e1',
      contestId: 'c1',
      voteType: 'free',
      amount: 1,
      weight: 1,
      weightedTotal: 1,
      creditsSpent: 0,
      isActive: true,
      createdAt: new Date().toISOString(),
    },
    entry: { _id: 'e1', votesCount: 1, weightedVotes: 1 },
    remaining: { freeVotes: 0, totalVotes: 9 },
    replayed: false,
    ...over,
  } satisfies TCastResult);

/** What reporting answers: a pending report of contest c1, filed now. */
export const reportSubmittedDto = (over: Partial<TReportSubmitted> = {}): TReportSubmitted =>
  ZReportSubmitted.parse({
    reportId: 'r1',
    status: 'pending',
    priority: 'medium',
    targetType: 'contest',
    targetId: 'c1',
    createdAt: new Date().toISOString(),
    ...over,
  } satisfies TReportSubmitted);
