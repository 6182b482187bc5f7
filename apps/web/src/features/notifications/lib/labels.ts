import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES, type NotificationPriority, type NotificationType } from '@contesthub/shared';

/** The types as the filter lists them. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  contest_won: 'Contest won',
  contest_ended: 'Contest ended',
  new_contest: 'New contest',
  entry_submitted: 'Entry submitted',
  vote_received: 'Votes received',
  payment_success: 'Payment successful',
  payment_failed: 'Payment failed',
  system_announcement: 'Announcement',
  profile_update: 'Profile update',
  security_alert: 'Security alert',
  vote_credit_purchased: 'Vote credits purchased',
  entry_reviewed: 'Entry reviewed',
  transfer_received: 'Transfer received',
  withdrawal_completed: 'Withdrawal completed',
  withdrawal_failed: 'Withdrawal failed',
  comment_received: 'New comment',
  message_received: 'New message',
  report_outcome: 'Report outcome',
  content_moderated: 'Content moderated',
  account_strike: 'Account strike',
  appeal_decided: 'Appeal decided',
  vote_voided: 'Vote voided',
};
export const NOTIFICATION_TYPE_OPTIONS = NOTIFICATION_TYPES.map((value) => ({ value, label: NOTIFICATION_TYPE_LABELS[value] }));

export const PRIORITY_LABELS: Record<NotificationPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };
export const PRIORITY_OPTIONS = NOTIFICATION_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

/** The status filter: all (not archived), unread, read, archived. */
export const STATUS_OPTIONS = [
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
  { value: 'archived', label: 'Archived' },
] as const;
export type StatusFilter = (typeof STATUS_OPTIONS)[number]['value'] | '';

/** The page header: 'All caught up!' at zero (spec 001 §2). */
export const unreadText = (count: number) =>
  count === 0 ? 'All caught up!' : `You have ${count} unread notification${count === 1 ? '' : 's'}`;

export const NOTIFICATION_TEXTS = {
  empty: 'No notifications found',
  loadFailed: 'Failed to load notifications',
  fetchFailed: 'Failed to fetch notifications',
} as const;
