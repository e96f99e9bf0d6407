import { useMutation } from '@tanstack/react-query';
import type { MarkNotificationsSeenBody } from '@nomadas/shared/schemas';
import { refreshPendingNotifications, setPendingNotifications } from '../../session/notifications';
import { call } from '../client';
import { dataOf } from './apiData';

export const markNotificationsSeenKey = ['markNotificationsSeen'] as const;

/**
 * POST /api/notifications {id}: marks mine seen up to the newest one the list showed (one that arrived
 * meanwhile stays pending). The badge takes the count it answers at once, and the poll asks again from
 * here, so an older count still on its way cannot put the badge back up.
 */
export function useMarkNotificationsSeenMutation() {
  return useMutation({
    mutationKey: markNotificationsSeenKey,
    mutationFn: (body: MarkNotificationsSeenBody) => dataOf(call('POST /notifications', { body })),
    onSuccess: ({ pending }) => {
      setPendingNotifications(pending);
      refreshPendingNotifications();
    },
  });
}
