import { useEffect, useState } from 'react';

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

/**
 * False until the browser is first idle after the component mounted (at the latest after `timeoutMs`):
 * the parts of the shell off the first screen's critical path render from then on, so their chunks are
 * asked for after the first screen has painted, not in the middle of drawing it.
 */
export function useIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
