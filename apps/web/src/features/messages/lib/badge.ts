import { MESSAGE_UNREAD_CAP } from '@contesthub/shared';

/** An unread badge of messages: 9+ above 9 (spec 001 §9). Its own file: the sidebar is in the first bundle. */
export const unreadBadge = (n: number) => (n > MESSAGE_UNREAD_CAP ? `${MESSAGE_UNREAD_CAP}+` : String(n));
