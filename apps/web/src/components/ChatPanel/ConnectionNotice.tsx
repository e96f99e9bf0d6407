import { useConnectivity } from '../../app/connectivity';
import { useStore } from '../../app/store';
import { esChat } from '../../i18n/screens/chat';
import { RECONNECT_OTHER_TAB, RECONNECT_STOPPED } from '../../realtime/socketClient';
import { socket } from '../../realtime/realtime';
import styles from './ChatPanel.module.css';

/**
 * The socket's state when it matters (spec §4): the browser offline, retrying, stopped (with 'Reconectar'), or
 * closed because another tab took the chat (with a button to take it back here).
 */
export function ConnectionNotice() {
  const { reconnect } = useStore(socket.state);
  const online = useConnectivity((state) => state.online);
  // Offline, the socket comes back by itself with the browser's `online`: no button to press meanwhile.
  if (!online && reconnect !== RECONNECT_OTHER_TAB) {
    return (
      <div className={styles.notice} role="status">
        <p>{esChat.connection.offline}</p>
      </div>
    );
  }
  if (reconnect === 0) return null;
  const stopped = reconnect === RECONNECT_STOPPED || reconnect === RECONNECT_OTHER_TAB;
  const text =
    reconnect === RECONNECT_OTHER_TAB
      ? esChat.connection.otherTab
      : reconnect === RECONNECT_STOPPED
        ? esChat.connection.stopped
        : esChat.connection.retrying;
  return (
    <div className={styles.notice} role="status">
      <p>{text}</p>
      {stopped && (
        <button type="button" className={styles.pill} onClick={() => socket.connect()}>
          {reconnect === RECONNECT_OTHER_TAB ? esChat.connection.takeBack : esChat.connection.reconnect}
        </button>
      )}
    </div>
  );
}
