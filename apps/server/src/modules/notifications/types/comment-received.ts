import { paths } from '@contesthub/shared';
import { commentPosted } from '../../comments/comments.events.js';
import { defineNotification, quoted } from '../notification-type.js';

/** comment_received: the entry's owner (a comment on an entry) or the organizer (on the contest) learns of a comment. */
export const commentReceivedNotification = defineNotification({
  type: 'comment_received',
  event: commentPosted,
  mail: false,
  refs: (p) => ({ contests: [p.contestId], entries: p.entryId ? [p.entryId] : [], users: [p.authorId] }),
  drafts(p, look) {
    const contest = look.contest(p.contestId);
    const entry = p.entryId ? look.entry(p.entryId) : undefined;
    if (!contest || (p.entryId && !entry)) return [];
    const recipient = entry ? entry.participantId : contest.organizerId;
    if (recipient === p.authorId) return [];
    const who = p.isAnonymous ? 'Someone' : (look.userName(p.authorId) ?? 'Someone');
    const on = entry ? `your entry ${quoted(entry.title)}` : `your contest ${quoted(contest.title)}`;
    return [
      {
        userId: recipient,
        title: 'New comment',
        message: `${who} commented on ${on}.`,
        priority: 'low',
        actionUrl: p.entryId ? paths.contestEntry(p.contestId, p.entryId) : paths.contest(p.contestId),
        actionText: 'View comment',
        metadata: { Contest: contest.title },
        key: `comment_received:${p.commentId}`,
      },
    ];
  },
});
