/**
 * Notifications from the domain events: each registered type (./types, listed in composition.ts)
 * turns the events it listens to into rows for the people concerned. A batch of events (a vote rush)
 * is at most six look-ups, one read of the open groups and two writes, in the dispatcher's
 * transaction: each event is handled once.
 *
 * Grouped types (vote_received): a happening joins its group's newest row when that row started
 * less than the window before it (its count grows, its text is rewritten and it is unread again);
 * otherwise it starts a new row. Ungrouped types write one row per dedupe key (a replay adds nothing).
 *
 * The new rows are announced with a `notification.created` event per person (ids only), recorded in
 * the same transaction: the delivery subscriber mails and pushes them according to the preferences.
 */
import type { Tx } from '../../db/client.js';
import { recordEvent, type AfterCommit, type StoredEvent, type Subscriber } from '../../lib/events/index.js';
import { appendToStream, type Realtime } from '../../lib/realtime/index.js';
import { commentAuthors } from '../comments/comments.repository.js';
import { contestSummaries } from '../contests/contests.repository.js';
import { audienceOf, entrantsOf, entrySummaries } from '../entries/entries.repository.js';
import { userNames } from '../users/users.repository.js';
import type { AnyNotificationKind, Lookups, NotificationDraft, Refs } from './notification-type.js';
import { notificationsCreated } from './notifications.events.js';
import { groupRowsSince, insertOnce, upsertGrouped, type NewNotification, type OpenGroupRow } from './notifications.repository.js';

interface Drafted {
  kind: AnyNotificationKind;
  draft: NotificationDraft;
  at: Date;
  /** The event's place in the dispatcher's order ('<txid>:<id>'). */
  position: string;
}

/** Whether event position `a` comes after `b` (by transaction id, then event id); anything comes after null. */
function after(a: string, b: string | null): boolean {
  if (b === null) return true;
  const [at, ai] = a.split(':').map(BigInt) as [bigint, bigint];
  const [bt, bi] = b.split(':').map(BigInt) as [bigint, bigint];
  return at !== bt ? at > bt : ai > bi;
}

async function lookUp(tx: Tx, refs: Required<Refs>): Promise<Lookups> {
  // One after another: they share the dispatcher's transaction, whose connection runs one query at a time.
  const contests = await contestSummaries(tx, refs.contests);
  const entries = await entrySummaries(tx, refs.entries);
  const users = await userNames(tx, refs.users);
  const comments = await commentAuthors(tx, refs.comments);
  const entrants = await entrantsOf(tx, refs.entrantsOf);
  const audiences = await audienceOf(tx, refs.audienceOf);
  return {
    contest: (id) => contests.get(id),
    entry: (id) => entries.get(id),
    userName: (id) => users.get(id),
    commentAuthor: (id) => comments.get(id),
    entrants: (id) => entrants.get(id) ?? [],
    audience: (id) => audiences.get(id) ?? [],
  };
}

function rowOf(d: Drafted, extra: Partial<NewNotification> = {}): NewNotification {
  return {
    userId: d.draft.userId,
    type: d.kind.type,
    title: d.draft.title,
    message: d.draft.message,
    priority: d.draft.priority,
    actionUrl: d.draft.actionUrl,
    actionText: d.draft.actionText,
    metadata: d.draft.metadata,
    dedupeKey: d.draft.key,
    count: d.draft.count ?? 1,
    createdAt: d.at,
    updatedAt: d.at,
    ...extra,
  };
}

/** The grouped drafts as rows: each joins its group's open row or opens one; one row per dedupe key. */
async function groupedRows(tx: Tx, drafted: Drafted[]): Promise<NewNotification[]> {
  if (drafted.length === 0) return [];
  const longest = Math.max(...drafted.map((d) => d.kind.group!.windowMs));
  const earliest = Math.min(...drafted.map((d) => d.at.getTime()));
  const existing = await groupRowsSince(
    tx,
    [...new Set(drafted.map((d) => d.draft.userId))],
    [...new Set(drafted.map((d) => d.draft.key))],
    new Date(earliest - longest),
  );
  const groupOf = (userId: string, groupKey: string) => `${userId}\u0000${groupKey}`;
  // The open row of each group: the newest one (rows come newest first).
  const open = new Map<string, OpenGroupRow & { last: Drafted | undefined }>();
  for (const row of existing) {
    const id = groupOf(row.userId, row.groupKey);
    if (!open.has(id)) open.set(id, { ...row, last: undefined });
  }
  const written = new Map<string, OpenGroupRow & { last: Drafted | undefined }>();
  for (const d of drafted) {
    const id = groupOf(d.draft.userId, d.draft.key);
    const current = open.get(id);
    // Already counted by the group's open row (the same event handed over again): nothing to add.
    if (current && !after(d.position, current.groupEvent)) continue;
    const adds = d.draft.count ?? 1;
    if (current && d.at.getTime() - current.createdAt.getTime() < d.kind.group!.windowMs) {
      current.count += adds;
      current.last = d;
      current.groupEvent = d.position;
    } else {
      const started = {
        userId: d.draft.userId,
        groupKey: d.draft.key,
        dedupeKey: `${d.draft.key}:${d.at.getTime()}`,
        count: adds,
        createdAt: d.at,
        groupEvent: d.position,
        last: d,
      };
      open.set(id, started);
    }
    written.set(open.get(id)!.dedupeKey, open.get(id)!);
  }
  return [...written.values()].map((g) => {
    const last = g.last!;
    const text = last.kind.group!.text(last.draft, g.count);
    return rowOf(last, {
      ...text,
      dedupeKey: g.dedupeKey,
      groupKey: g.groupKey,
      count: g.count,
      createdAt: g.createdAt,
      groupEvent: g.groupEvent,
    });
  });
}

/**
 * `stream`: the real-time stream is told of every row written (appended in the dispatcher's
 * transaction, published once it committed).
 */
export function notificationsSubscriber(kinds: readonly AnyNotificationKind[], stream: Pick<Realtime, 'published'>): Subscriber {
  const byEvent = new Map<string, AnyNotificationKind[]>();
  for (const k of kinds) byEvent.set(k.event.name, [...(byEvent.get(k.event.name) ?? []), k]);

  async function handleBatch(tx: Tx, events: StoredEvent[], afterCommit: AfterCommit): Promise<void> {
    const refs = {
      contests: new Set<string>(),
      entries: new Set<string>(),
      users: new Set<string>(),
      comments: new Set<string>(),
      entrantsOf: new Set<string>(),
      audienceOf: new Set<string>(),
    };
    const work: Array<{ kind: AnyNotificationKind; event: StoredEvent }> = [];
    for (const event of events) {
      for (const kind of byEvent.get(event.name) ?? []) {
        work.push({ kind, event });
        const r = kind.refs?.(event.payload) ?? {};
        for (const key of ['contests', 'entries', 'users', 'comments', 'entrantsOf', 'audienceOf'] as const)
          for (const id of r[key] ?? []) refs[key].add(id);
      }
    }
    if (work.length === 0) return;
    const look = await lookUp(tx, {
      contests: [...refs.contests],
      entries: [...refs.entries],
      users: [...refs.users],
      comments: [...refs.comments],
      entrantsOf: [...refs.entrantsOf],
      audienceOf: [...refs.audienceOf],
    });
    const single: NewNotification[] = [];
    const grouped: Drafted[] = [];
    for (const { kind, event } of work) {
      for (const draft of kind.drafts(event.payload, look, event)) {
        const d = { kind, draft, at: event.createdAt, position: `${event.txid}:${event.id}` };
        if (kind.group) grouped.push(d);
        else single.push(rowOf(d));
      }
    }
    const written = [...(await insertOnce(tx, single)), ...(await upsertGrouped(tx, await groupedRows(tx, grouped)))];
    // The delivery channels (mail, push) start from the new rows: one event per person.
    const fresh = new Map<string, string[]>();
    for (const w of written) if (w.fresh) fresh.set(w.userId, [...(fresh.get(w.userId) ?? []), w.id]);
    for (const [userId, ids] of fresh) await recordEvent(tx, notificationsCreated, { userId, ids });
    // Last in the transaction: the stream takes each person's head-row lock until the commit.
    const wakeups = await appendToStream(
      tx,
      written.map((w) => ({ userId: w.userId, kind: 'notification' as const, refId: w.id })),
    );
    if (wakeups.length > 0) afterCommit(() => stream.published(wakeups));
  }

  return {
    name: 'notifications',
    events: [...byEvent.keys()],
    // Tell people about what happens from now on, never about the history a new subscriber finds.
    startFrom: 'now',
    handle: (tx, e, afterCommit) => handleBatch(tx, [e], afterCommit),
    handleBatch,
  };
}
