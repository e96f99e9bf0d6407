import { conversationGone, fetchChats, fetchConversation, markOfficialChatsSeen } from '../api/queries/chats';
import { browserStorage } from '../app/storage';
import { RECONNECT_STOPPED } from '../realtime/socketClient';
import { socket } from '../realtime/realtime';
import { whileLoggedIn } from '../session/session';
import { esChat } from '../i18n/screens/chat';
import { createChatStore, unreadTotal } from './chatStore';
import { playMessageSound } from './sound';
import { announceChat, chatUnread } from './unread';

function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The browser's chat (spec §4 "Chat"): its state machine wired to the socket, the API and the page. */
export const chat = createChatStore({
  socket: {
    send: (frame) => socket.send(frame),
    isOpen: () => socket.isOpen(),
    connection: () => socket.connection(),
    wake() {
      const { status, reconnect } = socket.state.get();
      if (status === 'none' && reconnect === RECONNECT_STOPPED) socket.connect();
    },
  },
  fetchChats,
  fetchConversation,
  conversationGone,
  markOfficialSeen: () => void markOfficialChatsSeen(),
  storage: browserStorage,
  clock: {
    now: () => Date.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  },
  newClientId,
  incoming({ from, text, onScreen }) {
    if (!onScreen) playMessageSound();
    announceChat(onScreen ? esChat.announce.said(from, text) : esChat.announce.newFrom(from));
  },
  isPageVisible: () => document.visibilityState === 'visible',
});

chat.state.subscribe(() => chatUnread.set(unreadTotal(chat.state.get())));
socket.events.on('chat', (frame) => chat.receive(frame));
socket.events.on('open', ({ connection }) => chat.socketOpened(connection));

whileLoggedIn((user) => {
  chat.start(user.u);
  return () => chat.stop();
});

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') chat.pageShown();
});
