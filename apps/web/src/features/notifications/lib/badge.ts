import { NOTIFICATION_BADGE_CAP } from '@contesthub/shared';

/** The bell's count: '99+' above 99 (spec 001 §9). Its own file: the bell is in the first bundle, the labels are not. */
export const badgeText = (count: number) => (count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count));
