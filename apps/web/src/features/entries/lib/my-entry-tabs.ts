import type { MyEntryFilter, TEntry } from '@contesthub/shared';
import type { BadgeTone } from '../../../components/ui/card';

/** The status filters of GET /entries/my-entries the tabs send (besides none, which is All; no Disqualified tab). */
export type MyEntryStatus = Exclude<MyEntryFilter, 'disqualified'>;
export type MyEntryTab = 'all' | MyEntryStatus;

/**
 * The tabs of spec 001 §2 and the server filter each one sends: In Voting is an approved entry
 * whose contest is in its voting period, Completed one whose contest has ended.
 */
export const MY_ENTRY_TABS: ReadonlyArray<{ id: MyEntryTab; label: string }> = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Pending Review' },
  { id: 'approved', label: 'Approved' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'voting', label: 'In Voting' },
  { id: 'completed', label: 'Completed' },
];

export const tabStatus = (tab: MyEntryTab): MyEntryStatus | undefined => (tab === 'all' ? undefined : tab);

/** What an empty tab says. */
export const EMPTY_TEXT: Record<MyEntryTab, { title: string; body: string }> = {
  all: { title: "You haven't entered any contests yet", body: 'Find a contest that fits your talent and submit your first entry.' },
  pending: {
    title: 'No entries waiting for review',
    body: 'Entries to contests that review submissions wait here until the organizer decides.',
  },
  approved: { title: 'No approved entries yet', body: 'Once an organizer approves one of your entries, it shows up here.' },
  rejected: { title: 'No rejected entries', body: 'None of your entries has been rejected.' },
  voting: { title: 'No entries in voting', body: 'When a contest you entered opens its voting period, your entry shows up here.' },
  completed: { title: 'No completed contests yet', body: 'Entries to contests that have ended show up here with their final position.' },
};

/**
 * The status a card shows (spec 001 §3 entry statuses): an approved entry reads In Voting while its
 * contest is voting and Completed once it has ended; otherwise the entry's own status.
 */
export function entryBadge(entry: Pick<TEntry, 'status' | 'contest'>): { label: string; tone: BadgeTone } {
  switch (entry.status) {
    case 'pending':
      return { label: 'Pending Review', tone: 'amber' };
    case 'rejected':
      return { label: 'Rejected', tone: 'red' };
    case 'disqualified':
      return { label: 'Disqualified', tone: 'red' };
    case 'approved':
      if (entry.contest.status === 'voting') return { label: 'In Voting', tone: 'violet' };
      if (entry.contest.status === 'ended') return { label: 'Completed', tone: 'sky' };
      return { label: 'Approved', tone: 'green' };
  }
}
