/**
 * Business constants of §9 of the three spec documents. Money is held in kobo (1 naira = 100 kobo),
 * vote credits in hundredths (1 credit = 100 units) so the spec's 0.01-step entry fees stay integers.
 */
import type { SubscriptionTier } from './enums.js';

export const PRODUCT_NAME = 'ContestHub';
export const SUPPORT_EMAIL = 'support@contesthub.ng';

export const PAGE_SIZES = {
  browse: 12,
  allEntries: 12,
  homeFeatured: 8,
  featuredDefault: 6,
  featuredMax: 20,
  leaderboardDefault: 10,
  leaderboardMax: 50,
  profileLists: 12,
  myContests: 12,
  entryReview: 10,
  notifications: 20,
  transferHistory: 10,
  messages: 50,
  referralLists: 10,
  adminTools: 10,
  adminAnalytics: 20,
  leaderboardPage: 50,
  voteCreditTransactions: 50,
  chatbotTickets: 10,
} as const;

export const FREE_TIER_CONTESTS_PER_MONTH = 3;

/** Subscription prices in naira (spec 000 §9, 001 §9). */
export const SUBSCRIPTION_PRICES_NAIRA: Record<SubscriptionTier, { monthly: number; yearly: number }> = {
  free: { monthly: 0, yearly: 0 },
  basic_premium: { monthly: 2500, yearly: 25000 },
  professional: { monthly: 7500, yearly: 75000 },
};

export const UPLOAD_LIMITS_BYTES = {
  free: { photo: 5 * 1024 * 1024, video: 50 * 1024 * 1024 },
  premium: { photo: 20 * 1024 * 1024, video: 200 * 1024 * 1024 },
  coverImage: 5 * 1024 * 1024,
  profilePicture: 5 * 1024 * 1024,
} as const;

export const PROFILE_COMPLETION_MIN_TO_ENTER = 50;
export const COMMENT_MAX_LENGTH = 1000;
export const BIO_MAX_LENGTH = 500;
export const PAID_VOTES_PER_CALL = { min: 1, max: 10 } as const;
export const VOTE_WEIGHTS = { free: 1, paid: 5 } as const;
export const ENTRY_CARD_TAGS_SHOWN = 3;
export const REPORT_DESCRIPTION = { min: 10, max: 1000 } as const;
export const SEARCH_MIN_LENGTH = 2;

export const ALL_ENTRIES_TABS = {
  recentDays: 7,
  popularMinVotes: 500,
  trendingMinVotes: 800,
} as const;

export const TOAST = {
  defaultMs: 5000,
  errorMs: 7000,
  warningMs: 6000,
  fadeOutMs: 300,
  maxHeld: 20,
  demoCustomMs: 10000,
} as const;

export const SHARE_COPIED_MS = 2000;
export const VERIFICATION_CODE_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 60;
export const REDIRECT_AFTER_VERIFY_MS = 2000;
export const RESET_CODE_TTL_MINUTES = 10;
export const REDIRECT_AFTER_RESET_MS = 3000;
export const PASSWORD_MIN = { register: 6, reset: 8, change: 6 } as const;

export const REFERRAL = {
  referrerBonusCredits: 50,
  refereeBonusCredits: 25,
  codeMaxLength: 10,
} as const;

export const UPLOAD_PROGRESS = { stepPercent: 10, stepMs: 200, capPercent: 90 } as const;
export const RELOAD_AFTER_SUBMIT_MS = 1000;
export const TICKET_SUBMIT_DELAY_MS = 2000;
export const NOTIFICATION_POLL_MS = 30_000;
export const CONTEST_LIST_REFRESH_MS = 5 * 60_000;
export const RECENT_ACTIVITY_ITEMS = 5;

export const BADGE_CONTEST_CREDIT_COST = 500;
export const ESCROW_FEE_PERCENT = 5;
export const WALLET_COVER_PERCENT = 105;
export const DRAFT_PLATFORM_FEE_PERCENT = 7.5;
export const MIN_PAID_VOTING_FEE_CREDITS = 10;
export const MAX_VOTES_PER_USER = 10;
export const CONTEST_LIMITS = {
  prizeItems: 10,
  prizeItemLength: 100,
  rules: 20,
  ruleLength: 200,
  tags: 10,
  tagLength: 20,
  badgeTitle: 50,
  customCategory: 50,
  wizardSteps: 6,
} as const;
export const MIN_CASH_PRIZE_NAIRA = 1000;

export const CREDIT_PURCHASE = {
  platformFeePercent: 5,
  premiumDiscountPercent: 10,
} as const;
export const WITHDRAWAL_FEE_NAIRA = 100;
export const ACCOUNT_NUMBER_LENGTH = 10;
export const WALLET_OVERVIEW_TRANSACTIONS = 3;
export const PAYMENT_VERIFICATION_STUCK_MS = 5000;
export const TRANSFER = { feeNairaPerRecipient: 100, minCredits: 10 } as const;
export const MESSAGE_SEARCH = { debounceMs: 300, minChars: 2 } as const;
export const NOTIFICATION_BADGE_CAP = 99;
export const MESSAGE_UNREAD_CAP = 9;
export const SUBSCRIPTION_REDIRECT_MS = 3000;
export const PROFILE_COMPLETION_FIELDS = [
  'fullName',
  'email',
  'phone',
  'profilePicture',
  'bio',
  'dateOfBirth',
  'gender',
  'state',
  'city',
] as const;
export const TWO_FACTOR_CODE_LENGTH = 6;
export const BACKUP_CODE = { count: 10, length: 8 } as const;

export const LEADERBOARD_POINTS = { win: 200, entry: 25, vote: 5 } as const;
export const ANALYTICS_DEFAULT_RANGE_DAYS = 30;
export const RECENTLY_ACTIVE_DAYS = 30;
export const RECENT_REPORTS_DAYS = 7;

export const SUPPORT_TICKET_PREFIX = 'CH-';
export const SUPPORT_TICKET_CODE_LENGTH = 8;

/** Response targets by priority, in hours (spec 000 §2 Contact). */
export const SUPPORT_RESPONSE_HOURS = { critical: 1, high: 4, medium: 24, low: 48 } as const;
export const SUPPORT_AVERAGE_RESPONSE = '2.5h';
export const BUSINESS_HOURS_WAT = [
  { days: 'Monday - Friday', hours: '8:00 AM - 6:00 PM' },
  { days: 'Saturday', hours: '9:00 AM - 4:00 PM' },
  { days: 'Sunday', hours: '10:00 AM - 2:00 PM' },
] as const;

export const TIMEZONE = 'Africa/Lagos';
