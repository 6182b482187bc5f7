import { paths } from '@contesthub/shared';
import { commentPosted } from '../../comments/comments.events.js';
import { defineNotification, quoted, type NotificationDraft } from '../notification-type.js';

/**
 * comment_received: the entry's owner (a comment on an entry) or the organizer (on the contest)
 * learns of a comment, and the author of the comment replied to learns of the reply; never the
 * commenter themself, and one notification per person.
 */
export const commentReceivedNotification = defineNotification({
  type: 'comment_received',
  event: commentPosted,
  mail: false,
  refs: (p) => ({
    contests: [p.contestId],
    entries: p.entryId ? [p.entryId] : [],
    users: [p.authorId],
    comments: p.parentCommentId ? [p.parentCommentId] : [],
  }),
  drafts(p, look) {
    const contest = look.contest(p.contestId);
    const entry = p.entryId ? look.entry(p.entryId) : undefined;
    if (!contest || (p.entryId && !entry)) return [];
    const who = p.isAnonymous ? 'Someone' : (look.userName(p.authorId) ?? 'Someone');
    const common = {
      title: 'New comment',
      priority: 'low',
      actionUrl: p.entryId ? paths.contestEntry(p.contestId, p.entryId) : paths.contest(p.contestId),
      actionText: 'View comment',
      metadata: { Contest: contest.title },
      key: `comment_received:${p.commentId}`,
    } as const;
    const out: NotificationDraft[] = [];
    const owner = entry ? entry.participantId : contest.organizerId;
    const on = entry ? `your entry ${quoted(entry.title)}` : `your contest ${quoted(contest.title)}`;
    if (owner !== p.authorId) out.push({ ...common, userId: owner, message: `${who} commented on ${on}.` });
    const repliedTo = p.parentCommentId ? look.commentAuthor(p.parentCommentId) : undefined;
    if (repliedTo && repliedTo !== p.authorId && repliedTo !== owner) {
      const where = quoted(entry ? entry.title : contest.title);
      out.push({ ...common, title: 'New reply', userId: repliedTo, message: `${who} replied to your comment on ${where}.` });
    }
    return out;
  },
});
