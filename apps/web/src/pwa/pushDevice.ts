import { deletePushSubscription, fetchPushKey, savePushSubscription } from '../api/push';
import { session, sessionEvents } from '../session/session';
import { keyBytes } from './pushKey';

/**
 * Web Push on this device (the notifications tab's opt-in). The service worker shows what arrives; the server
 * sends a chat message, a reply to a comment and a new follower (apps/server/src/modules/push).
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** How long to wait for the service worker to be ready (it registers after the first screen has painted). */
const READY_WAIT_MS = 10_000;

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('service worker not ready')), READY_WAIT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The subscription this browser holds, if the service worker is registered already (never waits for it). */
async function heldSubscription(): Promise<PushSubscription | null> {
  const registered = await navigator.serviceWorker.getRegistration();
  return (await registered?.pushManager.getSubscription()) ?? null;
}

/** Sends the subscription to the server; a refusal comes back as its Spanish message. */
async function save(subscription: PushSubscription): Promise<string | undefined> {
  const answer = await savePushSubscription(
    subscription.toJSON() as Parameters<typeof savePushSubscription>[0],
  );
  if (answer === false) throw new Error('no answer');
  return answer.state === 'OK' ? undefined : answer.msg;
}

/**
 * Where this device stands. A subscription the browser holds is sent again: the server may have forgotten it
 * (another account subscribed this browser, or its push service said it was gone), and the call is idempotent.
 */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = Notification.permission === 'granted' ? await heldSubscription() : null;
  if (!subscription) return 'off';
  await save(subscription).catch(() => undefined);
  return 'on';
}

/** "Recibir avisos en este dispositivo": asks permission, subscribes and tells the server. */
export async function turnPushOn(): Promise<{ state: PushState; msg?: string }> {
  if (!pushSupported()) return { state: 'unsupported' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { state: permission === 'denied' ? 'denied' : 'off' };
  const key = await fetchPushKey();
  if (key === false || key.state !== 'OK') return { state: 'off', msg: key === false ? undefined : key.msg };
  const worker = await registration();
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(key.data.key),
  });
  const refused = await save(subscription);
  if (refused !== undefined) {
    await subscription.unsubscribe();
    return { state: 'off', msg: refused };
  }
  return { state: 'on' };
}

/** "Dejar de recibir avisos": the server forgets this browser, and the browser its subscription. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await heldSubscription();
  if (subscription) {
    await deletePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * The next account on this device never gets the last one's pushes: on logout the browser drops its
 * subscription (the session is gone, so the server hears of it from the push service: 410, then it forgets it).
 * A device with no session holds none either: a logout made before this ran (in the first seconds of a page, or
 * in another tab while none was open) is caught up with as it starts.
 */
export function dropPushOnLogout(): () => void {
  const drop = () => {
    if (!pushSupported()) return;
    void heldSubscription()
      .then((subscription) => subscription?.unsubscribe())
      .catch(() => undefined);
  };
  if (session.getSnapshot().status === 'out') drop();
  return sessionEvents.on('logout', drop);
}
