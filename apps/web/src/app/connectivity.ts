import { createStore, useStore } from './store';

/** What the header says about the connection (issue #31). */
export interface Connectivity {
  /** The browser's own idea (navigator.onLine and its online/offline events). */
  online: boolean;
  /** The chat socket is retrying (written by realtime/realtime.ts once the chat has loaded). */
  socketRetrying: boolean;
  /** Writes waiting in the outbox (written by api/outbox once it has loaded). */
  waiting: number;
}

// A store of its own, so the header reads it without loading the socket or the outbox with the first screen.
export const connectivity = createStore<Connectivity>({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  socketRetrying: false,
  waiting: 0,
});

if (typeof window !== 'undefined') {
  const follow = () => connectivity.set((state) => ({ ...state, online: navigator.onLine }));
  window.addEventListener('online', follow);
  window.addEventListener('offline', follow);
}

export const setConnectivity = (patch: Partial<Connectivity>) =>
  connectivity.set((state) =>
    Object.entries(patch).every(([key, value]) => state[key as keyof Connectivity] === value)
      ? state
      : { ...state, ...patch },
  );

export const useConnectivity = <S>(selector: (state: Connectivity) => S) => useStore(connectivity, selector);
