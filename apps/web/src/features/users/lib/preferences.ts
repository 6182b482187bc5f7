import { DEFAULT_PREFERENCES, type TPreferences } from '@contesthub/shared';

export type VisibilityKey =
  'showEmail' | 'showPhone' | 'showLocation' | 'showContestActivity' | 'showEntryActivity' | 'showBadges' | 'showLastActive';
export type NotificationKey = 'email' | 'push' | 'contestUpdates' | 'entryNotifications' | 'profileViews' | 'badgeAwards';
export type ProfileVisibility = 'public' | 'friends' | 'private';

export interface FullPreferences {
  profileVisibility: ProfileVisibility;
  showEmail: boolean;
  showPhone: boolean;
  showLocation: boolean;
  showContestActivity: boolean;
  showEntryActivity: boolean;
  showBadges: boolean;
  showLastActive: boolean;
  notifications: Record<NotificationKey, boolean>;
}

/** Labels of spec 000 §2 Public profile → Preferences. */
export const VISIBILITY_LABELS: Record<ProfileVisibility, string> = { public: 'Public', friends: 'Friends', private: 'Private' };

export const PRIVACY_OPTIONS: ReadonlyArray<{ key: VisibilityKey; label: string }> = [
  { key: 'showEmail', label: 'Show Email' },
  { key: 'showPhone', label: 'Show Phone' },
  { key: 'showLocation', label: 'Show Location' },
];

export const ACTIVITY_OPTIONS: ReadonlyArray<{ key: VisibilityKey; label: string }> = [
  { key: 'showContestActivity', label: 'Show Contest Activity' },
  { key: 'showEntryActivity', label: 'Show Entry Activity' },
  { key: 'showBadges', label: 'Show Badges' },
  { key: 'showLastActive', label: 'Show Last Active' },
];

export const NOTIFICATION_OPTIONS: ReadonlyArray<{ key: NotificationKey; label: string }> = [
  { key: 'email', label: 'Email Notifications' },
  { key: 'push', label: 'Push Notifications' },
  { key: 'contestUpdates', label: 'Contest Updates' },
  { key: 'entryNotifications', label: 'Entry Notifications' },
  { key: 'profileViews', label: 'Profile Views' },
  { key: 'badgeAwards', label: 'Badge Awards' },
];

/** Stored preferences over the spec's defaults, every key present. */
export function withDefaults(stored: TPreferences | null | undefined): FullPreferences {
  const d = DEFAULT_PREFERENCES;
  const s = stored ?? {};
  const n = s.notifications ?? {};
  return {
    profileVisibility: s.profileVisibility ?? d.profileVisibility,
    showEmail: s.showEmail ?? d.showEmail,
    showPhone: s.showPhone ?? d.showPhone,
    showLocation: s.showLocation ?? d.showLocation,
    showContestActivity: s.showContestActivity ?? d.showContestActivity,
    showEntryActivity: s.showEntryActivity ?? d.showEntryActivity,
    showBadges: s.showBadges ?? d.showBadges,
    showLastActive: s.showLastActive ?? d.showLastActive,
    notifications: {
      email: n.email ?? d.notifications.email,
      push: n.push ?? d.notifications.push,
      contestUpdates: n.contestUpdates ?? d.notifications.contestUpdates,
      entryNotifications: n.entryNotifications ?? d.notifications.entryNotifications,
      profileViews: n.profileViews ?? d.notifications.profileViews,
      badgeAwards: n.badgeAwards ?? d.notifications.badgeAwards,
    },
  };
}
