import { useEffect } from 'react';
import { createStore, useStore } from './store';

/**
 * Runs `callback` in a task of its own once the browser is idle (at the latest after `timeoutMs`), so work
 * the first screen does not need never lengthens its tasks. Answers the function that cancels it.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, Math.min(timeoutMs, 1500));
  return () => window.clearTimeout(handle);
}

/** Longest wait, after the shell mounts, before the first screen counts as painted. */
const FIRST_SCREEN_PAINT_MS = 2000;

const firstScreen = createStore(false);

/**
 * The shell marks the page's first screen painted at the browser's first idle moment after it mounted.
 * Called once, by the shell.
 */
export function useFirstScreenMark(): void {
  useEffect(() => whenIdle(() => firstScreen.set(true), FIRST_SCREEN_PAINT_MS), []);
}

/**
 * False until the page's first screen has painted, true from then on (for every later screen too). What a
 * phone's first screen is not for (the cookie banner, the footer, the chat button, suggestions) waits for
 * it: its chunks and calls are asked for after that paint, not in the middle of drawing it.
 */
export function useFirstScreenPainted(): boolean {
  return useStore(firstScreen);
}
