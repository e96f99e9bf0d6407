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
const FIRST_SCREEN_MARK = 'first-screen';

/**
 * Calls `callback` once the browser has reported the page's first contentful paint and drawn a frame after the
 * call (the app's own first screen: the page's first paint is usually the static shell that came with the HTML,
 * apps/server/src/spa/static-shell.ts), or after `timeoutMs`.
 */
function afterFirstPaint(callback: () => void, timeoutMs: number): () => void {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    const timer = window.setTimeout(callback, 0);
    return () => window.clearTimeout(timer);
  }
  let frame = 0;
  let afterFrame = 0;
  const cancel = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    window.cancelAnimationFrame(frame);
    window.clearTimeout(afterFrame);
  };
  const done = () => {
    cancel();
    callback();
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    // The task after the next frame's: that frame has been drawn by then.
    frame = window.requestAnimationFrame(() => {
      afterFrame = window.setTimeout(done, 0);
    });
  });
  const timer = window.setTimeout(done, timeoutMs);
  observer.observe({ type: 'paint', buffered: true });
  return cancel;
}

/**
 * The shell marks the page's first screen painted at the browser's first idle moment after it has reported
 * the first contentful paint: the frame is on screen by then, not only drawn. Called once, by the shell.
 */
export function useFirstScreenMark(): void {
  useEffect(() => {
    let cancelIdle = () => {};
    const cancelPaint = afterFirstPaint(() => {
      cancelIdle = whenIdle(() => {
        // On the page's timeline, for tests and traces: its first paint may be the static shell's.
        performance.mark(FIRST_SCREEN_MARK);
        firstScreen.set(true);
      }, FIRST_SCREEN_PAINT_MS);
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
