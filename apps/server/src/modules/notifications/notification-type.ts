/**
 * What a notification type is: the event it comes from, who receives it, its in-app title and text,
 * its link (a path of the shared catalogue), whether it is also mailed, and how repeats are told
 * apart (the dedupe key) or grouped (a window in which one row collects its group's happenings).
 *
 * One file per type under ./types; the composition root lists them (composition.ts) and the
 * notifications subscriber turns the events into rows with them.
 */
import type { NotificationPriority, NotificationType } from '@contesthub/shared';
import type { EventDefinition, PayloadOf, StoredEvent } from '../../lib/events/index.js';

/** The ids a type needs looked up to write its text (one query per kind for a whole batch). */
export interface Refs {
  contests?: string[];
  entries?: string[];
  users?: string[];
  /** Comments whose author receives the notification (a reply). */
  comments?: string[];
  /** Contests whose entrants (people with an entry not rejected) receive the notification. */
  entrantsOf?: string[];
  /** Organizers whose audience (people who entered their contests before) receives the notification. */
  audienceOf?: string[];
}

/** What the subscriber looked up for a batch; undefined when the row is gone. */
export interface Lookups {
  contest(id: string): { title: string; organizerId: string } | undefined;
  entry(id: string): { title: string; participantId: string; contestId: string } | undefined;
  userName(id: string): string | undefined;
  commentAuthor(id: string): string | undefined;
  entrants(contestId: string): string[];
  audience(organizerId: string): string[];
}

/** One notification for one person, before it is written. */
export interface NotificationDraft {
  userId: string;
  title: string;
  message: string;
  priority: NotificationPriority;
  actionUrl: string | null;
  actionText: string | null;
  metadata: Record<string, string>;
  /**
   * Unique per person: the same key again adds nothing (a replayed event). For a grouped type, the
   * group ('vote_received:<entryId>'), whose newest row within the window collects the draft.
   */
  key: string;
  /** How many happenings the draft stands for (a grouped type adds them up; 1 by default). */
  count?: number;
}

export interface NotificationGrouping {
  /** A happening joins its group's newest row when that row started less than this long before it. */
  windowMs: number;
  /** The title, text and chips of a row that stands for `count` happenings (rewritten as the count grows). */
  text(draft: NotificationDraft, count: number): Pick<NotificationDraft, 'title' | 'message' | 'metadata'>;
}

export interface NotificationKind<E extends EventDefinition = EventDefinition> {
  readonly type: NotificationType;
  readonly event: E;
  /** Also mailed (the important types): read by the mail channel (not built yet: issue 14 item 4). */
  readonly mail: boolean;
  refs?(payload: PayloadOf<E>): Refs;
  /** The notifications of one event (none when it concerns nobody, or what it names is gone). */
  drafts(payload: PayloadOf<E>, look: Lookups, event: StoredEvent): NotificationDraft[];
  readonly group?: NotificationGrouping;
}

/** A type as the subscriber holds it (any event). */
export interface AnyNotificationKind {
  readonly type: NotificationType;
  readonly event: EventDefinition;
  readonly mail: boolean;
  refs?(payload: unknown): Refs;
  drafts(payload: unknown, look: Lookups, event: StoredEvent): NotificationDraft[];
  readonly group?: NotificationGrouping;
}

/** Declares a type, checked against its event's payload. */
export function defineNotification<E extends EventDefinition>(kind: NotificationKind<E>): AnyNotificationKind {
  return kind as unknown as AnyNotificationKind;
}

/** A title in quotes, as every notification names a contest or an entry. */
export const quoted = (text: string) => `"${text}"`;
