import { setConnectivity } from '../app/connectivity';
import { friendChanges } from '../api/queries/follow';
import { friendsKey, type Friend } from '../api/queries/friends';
import { profileKey } from '../api/queries/profile';
import { fetchSocketTicket } from '../api/queries/socketTicket';
import { queryClient } from '../api/queryClient';
import { setPendingNotifications } from '../session/notifications';
import { session, whileLoggedIn } from '../session/session';
import { createSocketClient, RECONNECT_OTHER_TAB, socketUrl, type SocketLike } from './socketClient';

/**
 * The browser's one chat socket (STYLE.md §9): opened at login (or start-up with a saved session), closed at
 * logout. Loaded lazily with the chat (chat/boot.ts), never with the first screen.
 */
export const socket = createSocketClient({
  clock: {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  },
  fetchTicket: fetchSocketTicket,
  // The browser's WebSocket has the shape SocketLike names (its events are richer than the client reads).
  openSocket: (ticket) => new WebSocket(socketUrl(ticket, window.location)) as unknown as SocketLike,
});

whileLoggedIn(() => {
  socket.connect();
  return () => socket.close();
});

// The header says 'Conectando…' while the socket retries (a stop or another tab is the chat's to tell).
socket.state.subscribe(() => {
  const { status, reconnect } = socket.state.get();
  setConnectivity({ socketRetrying: status !== 'open' && reconnect > 0 });
});

// Back on the network: no need to wait for the next retry (nor to stay stopped after the last one).
window.addEventListener('online', () => {
  const { status, reconnect } = socket.state.get();
  if (session.getSnapshot().status === 'in' && status === 'none' && reconnect !== RECONNECT_OTHER_TAB)
    socket.connect();
});

// The header badge: pushed when a notification arrives (the 30 s poll goes on as well).
socket.events.on('badge', ({ n }) => setPendingNotifications(n));

// Spec §4 friend events: 'a' adds a friend, 'd' removes one (the Amigos tab, the profile's friend flag).
socket.events.on('friend', ({ ta, u, i }) => {
  queryClient.setQueryData<Friend[]>(friendsKey, (friends) => {
    if (!friends) return friends;
    const others = friends.filter((friend) => friend.username !== u);
    return ta === 'a' ? [{ username: u, img: i }, ...others] : others;
  });
  void queryClient.invalidateQueries({ queryKey: profileKey(u) });
});

// Spec §7: a follow answer's `wsm` goes on to the socket as {t: 'au', data, token}.
friendChanges.on('change', ({ data, token }) => socket.send({ t: 'au', data, token }));
