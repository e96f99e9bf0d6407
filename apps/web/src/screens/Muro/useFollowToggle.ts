import { useCallback } from 'react';
import { FOLLOW_DEBOUNCE_MS } from '@nomadas/shared';
import { useFollowMutation } from '../../api/queries/follow';
import { toastFailure } from './wallStore';

// One timer per username, shared by the post menus and 'Otros muros': taps within 500 ms make one call.
const timers = new Map<string, number>();

/** Follow / unfollow an author, debounced 500 ms (spec §7, §9); the flag changes when the server says OK. */
export function useFollowToggle() {
  const { mutateAsync } = useFollowMutation();
  return useCallback(
    (username: string, follow: boolean) => {
      window.clearTimeout(timers.get(username));
      timers.set(
        username,
        window.setTimeout(() => {
          timers.delete(username);
          mutateAsync({ username, follow }).catch(toastFailure);
        }, FOLLOW_DEBOUNCE_MS),
      );
    },
    [mutateAsync],
  );
}
