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

/** Longest wait, after the shell mounts, for the first paint (a page opened in a background tab has none). */
const FIRST_SCREEN_PAINT_MS = 2000;

const firstScreen = createStore(false);

/** Calls `callback` once the browser has reported the page's first contentful paint, or after `timeoutMs`. */
function afterFirstPaint(callback: () => void, timeoutMs: number): () => void {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    const timer = window.setTimeout(callback, 0);
    return () => window.clearTimeout(timer);
  }
  const done = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    callback();
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
  });
  const timer = window.setTimeout(done, timeoutMs);
  observer.observe({ type: 'paint', buffered: true });
  return () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
}

/**
 * The shell marks the page's first screen painted at the browser's first idle moment after it has reported
 * the first contentful paint: the frame is on screen by then, not only drawn. Called once, by the shell.
 */
export function useFirstScreenMark(): void {
  useEffect(() => {
    let cancelIdle = () => {};
    const cancelPaint = afterFirstPaint(() => {
      cancelIdle = whenIdle(() => firstScreen.set(true), FIRST_SCREEN_PAINT_MS);
    }, FIRST_SCREEN_PAINT_MS);
    return () => {
      cancelPaint();
      cancelIdle();
    };
  }, []);
}

/**
 * False until the page's first screen has painted, true from then on (for every later screen too). What a
 * phone's first screen is not for (the cookie banner, the footer, the chat button, suggestions) waits for
 * it: its chunks and calls are asked for after that paint, not in the middle of drawing it.
 */
export function useFirstScreenPainted(): boolean {
  return useStore(firstScreen);
}
