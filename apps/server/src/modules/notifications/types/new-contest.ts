import { paths } from '@contesthub/shared';
import { contestCreated } from '../../contests/contests.events.js';
import { defineNotification, quoted } from '../notification-type.js';

/**
 * new_contest: an organizer published a contest; the people who entered their contests before hear
 * of it (the organizer's audience: most recent entrants first, capped; entries.repository.ts).
 */
export const newContestNotification = defineNotification({
  type: 'new_contest',
  event: contestCreated,
  mail: false,
  refs: (p) => ({ contests: [p.contestId], users: [p.organizerId], audienceOf: [p.organizerId] }),
  drafts(p, look) {
    const contest = look.contest(p.contestId);
    if (!contest || p.status !== 'active') return [];
    const organizer = look.userName(p.organizerId) ?? 'An organizer';
    return look.audience(p.organizerId).map((userId) => ({
      userId,
      title: 'New contest',
      message: `${organizer}, whose contest you entered before, opened ${quoted(contest.title)}.`,
      priority: 'low' as const,
      actionUrl: paths.contest(p.contestId),
      actionText: 'View contest',
      metadata: { Contest: contest.title, Organizer: organizer },
      key: `new_contest:${p.contestId}`,
    }));
  },
});
