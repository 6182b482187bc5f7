import { paths } from '@contesthub/shared';
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
