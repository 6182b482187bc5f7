/** Enumerations shared by server and web. Values are the spec's wire values. */

export const USER_ROLES = ['user', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const SUBSCRIPTION_TIERS = ['free', 'basic_premium', 'professional'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const CONTEST_STATUSES = ['draft', 'active', 'voting', 'ended', 'cancelled'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];

/** Wizard categories (spec 001 §3), sent lowercased. */
export const CONTEST_CATEGORIES = [
  'photography',
  'writing',
  'art & design',
  'music',
  'video',
  'coding',
  'business',
  'fashion',
  'food',
  'sports',
  'other',
] as const;
export type ContestCategory = (typeof CONTEST_CATEGORIES)[number];

/** Browse filter categories (spec 000 §9): label and the value sent. */
export const BROWSE_CATEGORIES = [
  { label: 'Music & Dance', value: 'music' },
  { label: 'Photography', value: 'photography' },
  { label: 'Technology', value: 'coding' },
  { label: 'Food & Cooking', value: 'food' },
  { label: 'Art & Design', value: 'art & design' },
  { label: 'Writing', value: 'writing' },
  { label: 'Fashion', value: 'fashion' },
  { label: 'Sports', value: 'sports' },
  { label: 'Community', value: 'other' },
] as const;

export const PRIZE_TYPES = ['badge', 'cash', 'cashanditem'] as const;
export type PrizeType = (typeof PRIZE_TYPES)[number];

export const ENTRY_TYPES = ['photo', 'video', 'audio', 'article'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

export const ENTRY_STATUSES = ['pending', 'approved', 'rejected', 'disqualified'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
/**
 * Entries that count as "already entered" where a contest takes one entry per person: a rejected
 * entry does not (its author may fix it and submit again), a disqualified one does.
 */
export const ENTERED_STATUSES = ['pending', 'approved', 'disqualified'] as const satisfies readonly EntryStatus[];

export const ENTRY_REVIEW_MODES = ['open', 'review'] as const;
export const ENTRY_FEE_TYPES = ['free', 'paid'] as const;
export const VOTING_TYPES = ['free', 'paid', 'both'] as const;
export type VotingType = (typeof VOTING_TYPES)[number];
export const VOTE_TYPES = ['free', 'paid'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];
export const GENDERS = ['male', 'female'] as const;

export const REPORT_REASONS = [
  'spam',
  'inappropriate_content',
  'harassment',
  'hate_speech',
  'violence',
  'copyright_violation',
  'fake_contest',
  'scam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['pending', 'under_review', 'resolved', 'dismissed'] as const;

export const SUPPORT_CATEGORIES = [
  'General Inquiry',
  'Technical Support',
  'Contest Issues',
  'Payment Problems',
  'Account Issues',
  'Feature Request',
  'Partnership',
  'Media Inquiry',
  'Other',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const SUPPORT_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];

/** The spec's eleven notification types (001 §3), then those issue 14 adds. */
export const NOTIFICATION_TYPES = [
  'contest_won',
  'contest_ended',
  'new_contest',
  'entry_submitted',
  'vote_received',
  'payment_success',
  'payment_failed',
  'system_announcement',
  'profile_update',
  'security_alert',
  'vote_credit_purchased',
  'entry_reviewed',
  'transfer_received',
  'withdrawal_completed',
  'withdrawal_failed',
  'comment_received',
  'message_received',
  'report_outcome',
  'content_moderated',
  'account_strike',
  'appeal_decided',
  'vote_voided',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const VOTE_CREDIT_PACKAGE_IDS = ['small', 'medium', 'large', 'xlarge', 'xxlarge'] as const;

/** The 36 states of Nigeria plus the Federal Capital Territory (spec 001 §2 Profile Settings). */
export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'FCT',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
