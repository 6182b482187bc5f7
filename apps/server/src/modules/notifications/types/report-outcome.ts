import { paths } from '@contesthub/shared';
import { commentModerated } from '../../comments/comments.events.js';
import { reportDismissed, reportResolved } from '../../moderation/moderation.events.js';
import { defineNotification } from '../notification-type.js';

const ITEM_NAMES = { contest: 'contest', entry: 'entry', comment: 'comment', user: 'member', message: 'message' } as const;

/** report_outcome: each reporter learns their report was upheld (with what was done)… */
export const reportResolvedNotification = defineNotification({
  type: 'report_outcome',
  event: reportResolved,
  mail: false,
  drafts(p) {
    return p.reporterIds.map((userId) => ({
      userId,
      title: 'Your report was upheld',
      message: `Thank you: a moderator reviewed the ${ITEM_NAMES[p.itemType]} you reported and took action. ${p.actionsTaken}`.slice(
        0,
        500,
      ),
      priority: 'medium' as const,
      actionUrl: p.itemType === 'contest' ? paths.contest(p.itemId) : null,
      actionText: p.itemType === 'contest' ? 'View contest' : null,
      metadata: { Outcome: 'Upheld' },
      key: `report_outcome:${p.reportId}`,
    }));
  },
});

/** …or dismissed (nothing against the rules was found). */
export const reportDismissedNotification = defineNotification({
  type: 'report_outcome',
  event: reportDismissed,
  mail: false,
  drafts(p) {
    return p.reporterIds.map((userId) => ({
      userId,
      title: 'Your report was reviewed',
      message: `A moderator reviewed the ${ITEM_NAMES[p.itemType]} you reported and found no breach of the rules. Thank you for reporting.`,
      priority: 'low' as const,
      actionUrl: null,
      actionText: null,
      metadata: { Outcome: 'Dismissed' },
      key: `report_outcome:${p.reportId}`,
    }));
  },
});

/** …or decided through the comment moderation (PATCH /api/comments/:id/moderate). */
export const commentModeratedOutcomeNotification = defineNotification({
  type: 'report_outcome',
  event: commentModerated,
  mail: false,
  drafts(p, _look, event) {
    const upheld = p.action !== 'approve';
    return p.reporterIds.map((userId) => ({
      userId,
      title: upheld ? 'Your report was upheld' : 'Your report was reviewed',
      message: upheld
        ? `Thank you: the comment you reported was ${p.action === 'hide' ? 'hidden' : 'removed'}.`
        : 'The comment you reported was reviewed and found to break no rule. Thank you for reporting.',
      priority: upheld ? ('medium' as const) : ('low' as const),
      actionUrl: paths.contest(p.contestId),
      actionText: 'View contest',
      metadata: { Outcome: upheld ? 'Upheld' : 'Dismissed' },
      key: `report_outcome:comment:${p.commentId}:${event.id}`,
    }));
  },
});
