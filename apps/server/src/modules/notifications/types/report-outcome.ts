import { paths } from '@contesthub/shared';
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
