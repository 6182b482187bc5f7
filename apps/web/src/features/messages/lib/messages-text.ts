import { DIRECT_MESSAGE_TEXTS, formatDate, watDate, type TMessage } from '@contesthub/shared';

/** The screen's words (spec 001 §8 Messages; spec 000 §8 for the self-message toast). */
export const MESSAGE_SCREEN_TEXTS = {
  loadConversationsFailed: 'Failed to load conversations',
  loadMessagesFailed: 'Failed to load messages',
  sendFailed: 'Failed to send message',
  searchFailed: 'Failed to search users',
  searchHint: DIRECT_MESSAGE_TEXTS.searchTooShort,
  selfTitle: 'Cannot Message Yourself',
  selfMessage: DIRECT_MESSAGE_TEXTS.selfMessage,
  authTitle: 'Authentication Required',
  authMessage: 'Please log in to send messages.',
  deleted: 'This message was deleted',
  removed: 'This message was removed by a moderator',
  allCaughtUp: 'All caught up!',
} as const;

export const unreadMessagesText = (n: number) => (n === 0 ? MESSAGE_SCREEN_TEXTS.allCaughtUp : `${n} unread message${n === 1 ? '' : 's'}`);

/** The day heading of a group of messages: Today, Yesterday, or the date (West Africa Time). */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const day = watDate(new Date(iso));
  if (day === watDate(now)) return 'Today';
  if (day === watDate(new Date(now.getTime() - 24 * 60 * 60 * 1000))) return 'Yesterday';
  return formatDate(iso);
}

/** Messages in runs of one day, oldest first. */
export function byDay(messages: TMessage[], now: Date = new Date()): Array<{ label: string; messages: TMessage[] }> {
  const groups: Array<{ label: string; messages: TMessage[] }> = [];
  for (const m of messages) {
    const label = dayLabel(m.createdAt, now);
    const last = groups.at(-1);
    if (last && last.label === label) last.messages.push(m);
    else groups.push({ label, messages: [m] });
  }
  return groups;
}

/** The time of a message in West Africa Time, e.g. 14:05. */
export const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Africa/Lagos' }).format(new Date(iso));
