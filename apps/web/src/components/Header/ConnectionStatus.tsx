import { CloudOff } from 'lucide-react';
import { useConnectivity } from '../../app/connectivity';
import { es } from '../../i18n/es';
import styles from './ConnectionStatus.module.css';

/**
 * 'Sin conexión' while the browser is offline, 'Conectando…' while the chat socket retries, with the writes
 * waiting to be sent (issue #31). The live region is always there, so its words are announced when they come.
 */
export function ConnectionStatus() {
  const online = useConnectivity((state) => state.online);
  const retrying = useConnectivity((state) => state.socketRetrying);
  const waiting = useConnectivity((state) => state.waiting);
  const state = !online ? 'offline' : retrying ? 'connecting' : null;
  return (
    <div className={styles.region} role="status">
      {state && (
        <p className={`${styles.pill} ${styles[state]}`} data-connection-state={state}>
          {state === 'offline' ? (
            <CloudOff aria-hidden="true" size={16} />
          ) : (
            <span aria-hidden="true" className={styles.spin} />
          )}
          <span>{state === 'offline' ? es.header.offline : es.header.connecting}</span>
          {waiting > 0 && <span className={styles.waiting}>· {es.header.waiting(waiting)}</span>}
        </p>
      )}
    </div>
  );
}
