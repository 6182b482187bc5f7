import { useNavigate } from 'react-router';
import type { TNotification } from '@contesthub/shared';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/** The action link (spec 001 §2): marks the notification read, then goes to its actionUrl. */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  return async (n: TNotification) => {
    if (!n.isRead) await markRead.mutateAsync(n._id).catch(() => undefined);
    after?.();
    if (n.actionUrl) navigate(n.actionUrl);
  };
}
