/**
 * Notification preferences (issue 14 item 4): a type × channel matrix. In-app is always on; email and
 * push are chosen per type. The spec's switches (spec 000 §2 Preferences, spec 001 §3
 * preferences.notifications {email, push}) stay where they are and act as masters: Email
 * Notifications and Push Notifications for a whole channel, Contest Updates, Entry Notifications and
 * Badge Awards for their types. Security alerts are always mailed.
 */
import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from '../enums.js';
// The spec's switches, read and written here under the same keys as preferences.notifications.
import { ZNotificationSwitches } from './auth.js';

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The important types, the only ones mailed (each type file's `mail` flag says the same). */
export const MAILED_NOTIFICATION_TYPES = [
  'contest_won',
  'entry_reviewed',
  'payment_failed',
  'security_alert',
  'withdrawal_completed',
  'withdrawal_failed',
  'content_moderated',
] as const satisfies readonly NotificationType[];

/** Mailed whatever the settings say (a new sign-in, a password change). */
export const ALWAYS_MAILED_TYPES = ['security_alert'] as const satisfies readonly NotificationType[];

export const isMailedType = (type: NotificationType): boolean => (MAILED_NOTIFICATION_TYPES as readonly string[]).includes(type);
export const isAlwaysMailed = (type: NotificationType): boolean => (ALWAYS_MAILED_TYPES as readonly string[]).includes(type);

/** The spec's switches that cover a group of types (the keys of preferences.notifications). */
export type NotificationGroupSwitch = 'contestUpdates' | 'entryNotifications' | 'badgeAwards';

export interface NotificationTypeGroup {
  /** The spec's switch that covers these types; null: no switch (the channel masters only). */
  readonly switch: NotificationGroupSwitch | null;
  readonly label: string;
  readonly types: readonly NotificationType[];
}

/** The matrix's sections, in the order the Preferences tab shows them; every type is in exactly one. */
export const NOTIFICATION_TYPE_GROUPS: readonly NotificationTypeGroup[] = [
  { switch: 'contestUpdates', label: 'Contest Updates', types: ['contest_ended', 'new_contest'] },
  {
    switch: 'entryNotifications',
    label: 'Entry Notifications',
    types: ['entry_submitted', 'entry_reviewed', 'vote_received', 'comment_received'],
  },
  { switch: 'badgeAwards', label: 'Badge Awards', types: ['contest_won'] },
  {
    switch: null,
    label: 'Wallet and payments',
    types: [
      'payment_success',
      'payment_failed',
      'vote_credit_purchased',
      'transfer_received',
      'withdrawal_completed',
      'withdrawal_failed',
      'vote_voided',
    ],
  },
  {
    switch: null,
    label: 'Account',
    types: ['security_alert', 'profile_update', 'content_moderated', 'report_outcome', 'account_strike', 'appeal_decided'],
  },
  { switch: null, label: 'Messages and announcements', types: ['message_received', 'system_announcement'] },
];

/** What each type is called in the matrix. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  contest_won: 'Contest won (prize or badge)',
  contest_ended: 'Contest ended',
  new_contest: 'New contests',
  entry_submitted: 'New entry to review',
  entry_reviewed: 'Entry approved or rejected',
  vote_received: 'Votes on my entries',
  comment_received: 'Comments and replies',
  payment_success: 'Payment successful',
  payment_failed: 'Payment failed',
  vote_credit_purchased: 'Vote credits purchased',
  transfer_received: 'Credits received',
  withdrawal_completed: 'Withdrawal paid',
  withdrawal_failed: 'Withdrawal failed',
  vote_voided: 'Votes voided after review',
  security_alert: 'Security alerts',
  profile_update: 'Profile updates',
  message_received: 'New messages',
  system_announcement: 'Announcements',
  content_moderated: 'My content moderated',
  report_outcome: 'Outcome of my reports',
  account_strike: 'Strikes on my account',
  appeal_decided: 'Appeal decisions',
};

export const groupSwitchOf = (type: NotificationType): NotificationGroupSwitch | null =>
  NOTIFICATION_TYPE_GROUPS.find((g) => g.types.includes(type))?.switch ?? null;

export interface ChannelChoice {
  email: boolean;
  push: boolean;
}
export type NotificationMatrix = Record<NotificationType, ChannelChoice>;

/**
 * Defaults: mail on for the important types (the others are never mailed); push on for what is worth
 * an alert on the phone, but nothing is pushed until the person turns push on in a browser (opt-in).
 */
const PUSHED_BY_DEFAULT: readonly NotificationType[] = [
  'contest_won',
  'entry_submitted',
  'entry_reviewed',
  'payment_failed',
  'security_alert',
  'withdrawal_completed',
  'withdrawal_failed',
  'transfer_received',
  'message_received',
];

export const DEFAULT_NOTIFICATION_MATRIX: NotificationMatrix = Object.fromEntries(
  NOTIFICATION_TYPES.map((t) => [t, { email: isMailedType(t), push: PUSHED_BY_DEFAULT.includes(t) }]),
) as NotificationMatrix;

/** What a person stored over the defaults (only the choices they made). */
export type StoredMatrix = Partial<Record<NotificationType, Partial<ChannelChoice>>>;

/** The stored choices over the defaults; a type that is not mailed stays off, an always-mailed one on. */
export function effectiveMatrix(stored: StoredMatrix | null | undefined): NotificationMatrix {
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((t) => {
      const d = DEFAULT_NOTIFICATION_MATRIX[t];
      const s = stored?.[t] ?? {};
      const email = isAlwaysMailed(t) ? true : isMailedType(t) ? (s.email ?? d.email) : false;
      return [t, { email, push: s.push ?? d.push }];
    }),
  ) as NotificationMatrix;
}

/** The masters: the spec's preferences.notifications switches, as stored (absent: the spec's default). */
export interface ChannelMasters {
  email: boolean;
  push: boolean;
  contestUpdates: boolean;
  entryNotifications: boolean;
  badgeAwards: boolean;
}

/** Does a notification of `type` go out on `channel`? (In-app always does.) */
export function deliversOn(
  type: NotificationType,
  channel: NotificationChannel,
  matrix: NotificationMatrix,
  masters: ChannelMasters,
): boolean {
  if (channel === 'email' && isAlwaysMailed(type)) return true;
  if (!matrix[type][channel]) return false;
  if (!masters[channel]) return false;
  const group = groupSwitchOf(type);
  return group === null || masters[group];
}

const zChoice = z
  .object({
    email: z.boolean({ error: 'email must be true or false' }).optional(),
    push: z.boolean({ error: 'push must be true or false' }).optional(),
  })
  .strict();

export const PREFERENCE_MESSAGES = {
  nothingToUpdate: 'Nothing to update',
  notMailed: 'Email is not available for this notification type',
  alwaysMailed: 'Security alerts are always emailed',
  saved: 'Your notification preferences have been saved',
} as const;

/** PUT /api/notifications/preferences: any of the switches, matrix cells and the digest. */
export const ZNotificationPreferencesUpdate = z
  .object({
    notifications: ZNotificationSwitches.partial().strict().optional(),
    matrix: z
      .partialRecord(z.enum(NOTIFICATION_TYPES, { error: 'Unknown notification type' }), zChoice)
      .optional()
      .superRefine((m, ctx) => {
        for (const [type, choice] of Object.entries(m ?? {}) as Array<[NotificationType, Partial<ChannelChoice>]>) {
          if (choice.email === undefined) continue;
          if (!isMailedType(type)) ctx.addIssue({ code: 'custom', path: [type, 'email'], message: PREFERENCE_MESSAGES.notMailed });
          else if (isAlwaysMailed(type) && !choice.email)
            ctx.addIssue({ code: 'custom', path: [type, 'email'], message: PREFERENCE_MESSAGES.alwaysMailed });
        }
      }),
    digest: z.boolean({ error: 'digest must be true or false' }).optional(),
  })
  .strict()
  .refine((v) => v.notifications !== undefined || v.matrix !== undefined || v.digest !== undefined, {
    message: PREFERENCE_MESSAGES.nothingToUpdate,
  });
export type TNotificationPreferencesUpdate = z.infer<typeof ZNotificationPreferencesUpdate>;

const zMatrixAnswer = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.object({ email: z.boolean(), push: z.boolean() })])) as Record<
    NotificationType,
    z.ZodObject<{ email: z.ZodBoolean; push: z.ZodBoolean }>
  >,
);

/** GET (and PUT's answer): the switches, the whole matrix (defaults filled in), the digest, push devices. */
export const ZNotificationPreferences = z.object({
  notifications: ZNotificationSwitches,
  matrix: zMatrixAnswer,
  /** The daily digest (off by default): unread notifications, mailed only after 24 h away. */
  digest: z.boolean(),
  /** How many browsers of this person receive push notifications. */
  pushDevices: z.number().int(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

// ---------- web push ----------

const base64url = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .min(min, `${what} is not a valid key`)
    .max(max, `${what} is not a valid key`);

/**
 * A browser's PushSubscription (its toJSON()): an https endpoint of a push service and its keys
 * (p256dh: a P-256 public key, 65 bytes = 87 characters; auth: 16 bytes = 22 characters). The server
 * also accepts plain http on the loopback address outside production (a local push service in tests).
 */
export const ZPushSubscription = z.object({
  endpoint: z.url({ error: 'endpoint must be a URL' }).max(2048, 'endpoint is too long'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('keys.p256dh', 86, 90), auth: base64url('keys.auth', 21, 24) }, { error: 'keys are required' }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

export const ZPushUnsubscribe = z.object({ endpoint: z.url({ error: 'endpoint must be a URL' }).max(2048, 'endpoint is too long') });

/** How many browsers of the person receive push notifications (after a subscribe or unsubscribe). */
export const ZPushDevices = z.object({ pushDevices: z.number().int() });

export const ZPushPublicKey = z.object({ publicKey: z.string() });

/** What a push message carries to the service worker (it shows it and opens `url` on click). */
export const ZPushMessage = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  notificationId: z.string(),
});
export type TPushMessage = z.infer<typeof ZPushMessage>;

// ---------- one-click unsubscribe (RFC 8058) ----------

/** The mailing lists one can leave from a mail (non-transactional mail only). */
export const MAIL_LISTS = ['digest'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/** GET (the page): a missing or bad token shows the page that says the link is not valid. */
export const ZUnsubscribePageQuery = z.object({ token: z.string().max(512).optional() });
export const ZUnsubscribeQuery = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(512) });
export const ZUnsubscribeResult = z.object({ list: z.enum(MAIL_LISTS), unsubscribed: z.boolean() });
