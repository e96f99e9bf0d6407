import { browserStorage } from '../app/storage';
import { useStore } from '../app/store';
import { toast } from '../components/Toast/toast';
import { esMapa } from '../i18n/screens/mapa';
import { socket } from '../realtime/realtime';
import { whileLoggedIn } from '../session/session';
import { locateMe } from './geolocation';
import { createSharingStore, type SharingState } from './sharingStore';

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
  onLocateFailed: () => toast(esMapa.locateFailed, 'ko'),
});

whileLoggedIn(() => {
  positionSharing.start();
  return () => positionSharing.stop();
});

export function usePositionSharing(): SharingState {
  return useStore(positionSharing.state, (state) => state);
}
