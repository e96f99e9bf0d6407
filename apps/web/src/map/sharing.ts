import { TOAST_MS } from '@nomadas/shared';
import { browserStorage } from '../app/storage';
import { useStore } from '../app/store';
import { toast } from '../components/Toast/toast';
import { esMapa } from '../i18n/screens/mapa';
import { socket } from '../realtime/realtime';
import { whileLoggedIn } from '../session/session';
import { locateMe } from './geolocation';
import { createSharingStore, type SharingState } from './sharingStore';

/** The map with its visibility panel open (where sharing is changed or stopped). */
export const MAP_VISIBILITY_PATH = '/mapa?panel=visibilidad';

/**
 * The browser's live position sharing (spec §4): restored at login, stopped at logout, sent on the chat
 * socket. Loaded after login with the chat (chat/boot.ts), so sharing goes on away from the map too.
 */
export const positionSharing = createSharingStore({
  clock: {
    now: () => Date.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  },
  storage: browserStorage,
  locate: () => locateMe(),
  send: (frame) => socket.send(frame),
  onLocateFailed: () =>
    toast(esMapa.sharingLocateFailed, 'ko', TOAST_MS * 2, {
      label: esMapa.sharingSettings,
      to: MAP_VISIBILITY_PATH,
    }),
});

whileLoggedIn(() => {
  positionSharing.start();
  return () => positionSharing.stop();
});

export function usePositionSharing(): SharingState {
  return useStore(positionSharing.state, (state) => state);
}
