import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshNotifications } from './keys';

/** A change to notifications: every list and the count reload afterwards. */
export function useNotificationChange<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => refreshNotifications(queryClient) });
}
