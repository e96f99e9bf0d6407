import { call } from './client';
import { browserSignature } from './signature';

let signature: Promise<string> | undefined;

/** Worked out once, in a worker, so the first screen's main thread never pays for starting Intl. */
function signatureOnce(): Promise<string> {
  signature ??= new Promise<string>((resolve) => {
    try {
      const worker = new Worker(new URL('./signature.worker.ts', import.meta.url));
      const done = (value: string) => {
        resolve(value);
        worker.terminate();
      };
      worker.onmessage = (event: MessageEvent<unknown>) => done(String(event.data));
      worker.onerror = () => done(browserSignature());
    } catch {
      resolve(browserSignature());
    }
  });
  return signature;
}

/** POST /api/trc/path on every route change (spec §2, §7). Best effort: failures are ignored. */
export function trackPathVisit(path: string): void {
  void signatureOnce().then((br) => call('POST /trc/path', { body: { p: path, br } }, { keepalive: true }));
}

/** POST /api/sev with an event code (EVENT_CODES of the shared package). */
export function sendEvent(code: number): void {
  void call('POST /sev', { body: { e: code } }, { keepalive: true });
}
