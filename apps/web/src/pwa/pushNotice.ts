/*
 * What the service worker does with a push (#31): pure functions of the payload and the worker's origin, so they
 * are unit-tested without a worker (pushNotice.test.ts).
 */

/** The payload the server sends (modules push): one notice. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** The app's own icons (apps/web/public), shown with every notice. */
export const NOTICE_ICON = '/icon-192.png';
export const NOTICE_BADGE = '/favicon-32.png';

/** A push's data read defensively: anything but an object with a title is no notice. */
export function readPushPayload(data: unknown): PushPayload | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || !title) return undefined;
  return {
    title,
    body: typeof body === 'string' ? body : '',
    url: typeof url === 'string' ? url : '/',
    ...(typeof tag === 'string' && tag ? { tag } : {}),
  };
}

/**
 * Where a click on a notice goes: its URL when it is of the app's own origin, else the app's start. A push's
 * URL never opens an outside page, whoever wrote it.
 */
export function noticeTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/`;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin && /^https?:$/.test(resolved.protocol) ? resolved.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** A window of the app the user is looking at: it shows its own in-app notice, so the worker shows none. */
export function anyWindowInView(windows: readonly { focused: boolean; visibilityState: string }[]): boolean {
  return windows.some((w) => w.focused && w.visibilityState === 'visible');
}
