import { api } from './client';

function browserSignature(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
    return btoa(`${navigator.hardwareConcurrency ?? ''}|${zone}`);
  } catch {
    return '';
  }
}

const signature = browserSignature();

/** POST /api/trc/path on every route change (spec §2, §7). Best effort: failures are ignored. */
export function trackPathVisit(path: string): void {
  void api.post('/trc/path', { p: path, br: signature }, { keepalive: true });
}

/** POST /api/sev with an event code (EVENT_CODES of the shared package). */
export function sendEvent(code: number): void {
  void api.post('/sev', { e: code }, { keepalive: true });
}
