import { useCallback } from 'react';
import { FOLLOW_DEBOUNCE_MS, MSG } from '@nomadas/shared';
import { createStore, useStore } from '../../app/store';
import { ApiFailure } from '../../api/queries/apiData';
import { useFollowMutation } from '../../api/queries/follow';
import { toast } from '../Toast/toast';

// The people whose follow is being changed, shared by every button and menu that shows them: all of them
// show it pending at once, and none can send a second call meanwhile.
const pending = createStore<ReadonlySet<string>>(new Set());

function setPending(username: string, on: boolean) {
  pending.set((current) => {
    const next = new Set(current);
    if (on) next.add(username);
    else next.delete(username);
    return next;
  });
}

/** True while a follow or unfollow of `username` is on its way. */
export const useFollowPending = (username: string) => useStore(pending, (names) => names.has(username));

/**
 * Follow / unfollow, debounced 500 ms (spec §7, §9) on the leading edge: the first tap sends the call at
 * once, and taps on that person are ignored until it has answered and at least 500 ms have passed. The
 * flag changes everywhere when the server says OK (applyFollowChange), never before.
 */
export function useFollowToggle() {
  const { mutateAsync } = useFollowMutation();
  return useCallback(
    (username: string, follow: boolean) => {
      if (pending.get().has(username)) return;
      setPending(username, true);
      const call = mutateAsync({ username, follow }).catch((error: unknown) =>
        toast(error instanceof ApiFailure && error.serverMsg ? error.serverMsg : MSG.serverError, 'ko'),
      );
      const quiet = new Promise((resolve) => window.setTimeout(resolve, FOLLOW_DEBOUNCE_MS));
      void Promise.all([call, quiet]).then(() => setPending(username, false));
    },
    [mutateAsync],
  );
}
