import { useCallback } from 'react';
import { FOLLOW_DEBOUNCE_MS } from '@nomadas/shared';
import { createStore, useStore } from '../../app/store';
import { followWithPending, setFollow, useOutbox } from '../../api/outbox/outbox';

// The people just followed or unfollowed, shared by every button and menu that shows them: none takes a
// second tap on that person for 500 ms (spec §7, §9).
const quiet = createStore<ReadonlySet<string>>(new Set());

function setQuiet(username: string, on: boolean) {
  quiet.set((current) => {
    const next = new Set(current);
    if (on) next.add(username);
    else next.delete(username);
    return next;
  });
}

/**
 * Whether I follow `username` as I last set it, and whether that is still on its way (in the outbox, or within
 * the 500 ms after a tap). The flag shows at once; the server's answer then writes the counts everywhere.
 */
export function useFollowState(username: string, follow: boolean) {
  const entries = useOutbox();
  const resting = useStore(quiet, (names) => names.has(username));
  const { follows, pending } = followWithPending(entries, username, follow);
  return { follows, busy: resting || pending, resting };
}

/**
 * Follow / unfollow through the outbox (issue #31), debounced 500 ms on the leading edge: the first tap counts
 * at once, and taps on that person are ignored for 500 ms. Offline it waits, shown pending, and can be undone.
 */
export function useFollowToggle() {
  return useCallback((username: string, follow: boolean) => {
    if (quiet.get().has(username)) return;
    setQuiet(username, true);
    setFollow(username, follow);
    window.setTimeout(() => setQuiet(username, false), FOLLOW_DEBOUNCE_MS);
  }, []);
}
