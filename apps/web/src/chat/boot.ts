import { whenIdle } from '../app/idle';
import { whileLoggedIn } from '../session/session';

/** The chat's code: the socket, the chat's state machine and their wiring (chat/chat.ts). */
const loadChat = () => import('./chat');
/** Live position sharing (spec §4): restored at login and sent on the same socket, on any screen. */
const loadPositionSharing = () => import('../map/sharing');

/**
 * Loads the chat once a user is logged in (now with a saved session, or at login) and the page is idle, so
 * messages arrive, ring and count on the trigger without the chat slowing the first screen. From then on
 * the chat follows logins and logouts itself. Returns the function that stops watching.
 */
export function bootChat(): () => void {
  return whileLoggedIn(() =>
    whenIdle(() => {
      void loadChat().catch(() => undefined);
      void loadPositionSharing().catch(() => undefined);
    }, 4000),
  );
}
