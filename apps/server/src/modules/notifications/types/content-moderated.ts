import { paths } from '@contesthub/shared';
import { commentModerated } from '../../comments/comments.events.js';
import { contentModerated } from '../../moderation/moderation.events.js';
import { defineNotification, quoted } from '../notification-type.js';

const NAMES = { contest: 'contest', entry: 'entry', comment: 'comment', user: 'profile', message: 'message' } as const;

/**
 * content_moderated: the author learns their content was hidden (automatically pending review, or by
 * a moderator), restored, or their entry disqualified. Mailed: it is about their standing.
 */
export const contentModeratedNotification = defineNotification({
  type: 'content_moderated',
  event: contentModerated,
  mail: true,
  drafts(p, _look, event) {
    const what = `Your ${NAMES[p.itemType]} ${quoted(p.title)}`;
    const text = {
      hidden: p.automatic
        ? `${what} was hidden automatically after several reports. A moderator will review it and restore it if it breaks no rule.`
        : `${what} was hidden by a moderator.${p.reason ? ` Reason: ${p.reason}` : ''}`,
      restored: `${what} was reviewed by a moderator and is visible again.`,
      disqualified: `${what} was disqualified by a moderator; its entry fee, if any, was refunded.${p.reason ? ` Reason: ${p.reason}` : ''}`,
    }[p.action];
    const title = { hidden: 'Content hidden', restored: 'Content restored', disqualified: 'Entry disqualified' }[p.action];
    return [
      {
        userId: p.authorId,
        title,
        message: text.slice(0, 500),
        priority: p.action === 'restored' ? ('low' as const) : ('high' as const),
        actionUrl: p.contestId ? paths.contest(p.contestId) : null,
        actionText: p.contestId ? 'View contest' : null,
        metadata: { Status: title, ...(p.reason ? { Reason: p.reason.slice(0, 200) } : {}) },
        key: `content_moderated:${p.itemType}:${p.itemId}:${p.action}:${event.id}`,
      },
    ];
  },
});

const visible = (s: string) => s === 'active' || s === 'flagged';

/** The same for a decision through the comment moderation: told when the comment's visibility changed. */
export const commentModeratedNotification = defineNotification({
  type: 'content_moderated',
  event: commentModerated,
  mail: true,
  refs: (p) => ({ contests: [p.contestId] }),
  drafts(p, look, event) {
    const hidden = p.action !== 'approve';
    if (hidden ? !visible(p.before) : p.before !== 'hidden') return [];
    const contest = look.contest(p.contestId);
    const where = contest ? ` on ${quoted(contest.title)}` : '';
    const title = hidden ? 'Content hidden' : 'Content restored';
    return [
      {
        userId: p.authorId,
        title,
        message: hidden
          ? `Your comment${where} was ${p.action === 'hide' ? 'hidden' : 'removed'} by a moderator.`
          : `Your comment${where} was reviewed and is visible again.`,
        priority: hidden ? ('high' as const) : ('low' as const),
        actionUrl: paths.contest(p.contestId),
        actionText: 'View contest',
        metadata: { Status: title },
        key: `content_moderated:comment:${p.commentId}:${p.action}:${event.id}`,
      },
    ];
  },
});
