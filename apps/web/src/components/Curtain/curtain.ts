import { createStore } from '../../app/store';

/** How many callers want the curtain; it shows while any does. */
export const curtainStore = createStore(0);

/** Covers the screen with the loading curtain (login, logout). Pair every call with hideCurtain(). */
export const showCurtain = () => curtainStore.set((count) => count + 1);
export const hideCurtain = () => curtainStore.set((count) => Math.max(0, count - 1));
