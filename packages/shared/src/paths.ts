/**
 * The route-path catalogue: every page of the web app as a builder that returns its path, with
 * the router's pattern beside it (`paths.contest.pattern` is '/contest/:id'). The web builds every
 * link and navigation with it; the server builds the links of mails, activity items and payment
 * callbacks with the same builders, so a page that moves moves everywhere at once.
 *
 * Plain strings only: no React, no browser API. Path segments and query values are URI-encoded;
 * query parameters whose value is undefined or empty are left out.
 */

type Query = Record<string, string | number | undefined | null>;

/** '?a=1&b=x%20y' for the parameters that have a value, '' when none has. */
export function queryString(query: Query = {}): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

const seg = (value: string) => encodeURIComponent(value);

/** A builder with the pattern it fills in (for the router). */
function route<A extends unknown[]>(pattern: string, build: (...args: A) => string): ((...args: A) => string) & { pattern: string } {
  return Object.assign(build, { pattern });
}

/** A page without parameters; `query` adds optional ones ('/dashboard/wallet?tab=credits'). */
const page = <Q extends Query = Query>(pattern: string) => route(pattern, (query?: Q) => `${pattern}${queryString(query)}`);

export const CONTEST_ENTRY_ANCHOR_PREFIX = 'entry-';

export const paths = {
  home: page('/'),

  // Contests: the browse list and its aliases (spec 000 §2), one contest, one entry on it.
  contests: page<{ search?: string; category?: string; entryType?: string; status?: string; sortBy?: string }>('/contests'),
  categories: page('/categories'),
  leaderboard: page('/leaderboard'),
  browseContests: page('/browse-contests'),
  cashPrizeContests: page('/contests/cash-prize'),
  itemsPrizeContests: page('/contests/items-prize'),
  hybridPrizeContests: page('/contests/hybrid-prize'),
  openContests: page('/contests/open-contest'),
  contest: route('/contest/:id', (id: string) => `/contest/${seg(id)}`),
  /** The contest page scrolled to one entry (the card's id is `entry-<entryId>`). */
  contestEntry: route(
    '/contest/:id',
    (contestId: string, entryId: string) => `/contest/${seg(contestId)}#${CONTEST_ENTRY_ANCHOR_PREFIX}${entryId}`,
  ),
  entries: page('/entries'),
  profile: route('/profile/:userId', (userId: string) => `/profile/${seg(userId)}`),
  /** The old entry point of the wizard; it forwards to the dashboard's. */
  create: page('/create'),

  // Information.
  howItWorks: page('/how-it-works'),
  faq: route('/how-it-works', () => '/how-it-works#faq'),
  pricing: page('/pricing'),
  contact: page<{ category?: string; subject?: string }>('/contact'),
  help: page('/help'),
  privacy: page('/privacy'),
  terms: page('/terms'),
  communityGuidelines: page('/community-guidelines'),
  toasterDemo: page('/toaster-demo'),

  // Accounts.
  login: page('/login'),
  /** `ref`: a referral code, filled in on the form. */
  register: page<{ ref?: string }>('/register'),
  verifyEmail: page<{ email?: string }>('/verify-email'),
  forgotPassword: page<{ email?: string }>('/forgot-password'),
  resetPassword: page<{ email?: string }>('/reset-password'),

  // Where a payment gateway sends the payer back (the gateway adds ?reference=…).
  paymentVerification: page<{ reference?: string }>('/dashboard/payment-verification'),
  subscriptionVerification: page<{ reference?: string }>('/dashboard/subscription-verification'),

  dashboard: {
    home: page('/dashboard'),
    profile: page<{ tab?: 'personal' | 'preferences' | 'referral' }>('/dashboard/profile'),
    settings: page('/dashboard/settings'),
    referrals: page('/dashboard/referrals'),
    contests: page('/dashboard/contests'),
    contestReview: route('/dashboard/contests/:contestId/review', (contestId: string) => `/dashboard/contests/${seg(contestId)}/review`),
    entries: page('/dashboard/entries'),
    entry: route('/dashboard/entries/:id', (id: string) => `/dashboard/entries/${seg(id)}`),
    create: page('/dashboard/create'),
    wallet: page<{ tab?: 'overview' | 'naira' | 'credits' | 'transactions' }>('/dashboard/wallet'),
    /** The wallet opened on Buy Credits. */
    voteCredits: page('/dashboard/vote-credits'),
    voteCreditTransfer: page('/dashboard/vote-credit-transfer'),
    subscription: page<{ tier?: string; duration?: string }>('/dashboard/subscription'),
    analytics: page('/dashboard/analytics'),
    community: page('/dashboard/community'),
    leaderboard: page('/dashboard/leaderboard'),
    rewards: page('/dashboard/rewards'),
    help: page('/dashboard/help'),
    notifications: page('/dashboard/notifications'),
    /** `with`: open (or start) the conversation with that user. */
    messages: page<{ with?: string }>('/dashboard/messages'),
    admin: page('/dashboard/admin'),
    adminAnalytics: page('/dashboard/admin-analytics'),
    contestManagement: page('/dashboard/contest-management'),
    security: page('/dashboard/security'),
  },
} as const;
