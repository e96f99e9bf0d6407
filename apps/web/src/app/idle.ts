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
