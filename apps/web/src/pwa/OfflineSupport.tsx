import { useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { useStore } from '../app/store';
import { whileLoggedIn } from '../session/session';
import { esPwa } from '../i18n/es.pwa';
import { dropPushOnLogout } from './pushDevice';
import { applyUpdate, registerServiceWorker, updateWaiting } from './serviceWorker';
import styles from './OfflineSupport.module.css';

const text = esPwa;

/**
 * What makes the app work with no signal, mounted by the shell once the first screen has painted (its own
 * chunk): the service worker's registration, the storage asked to persist (and the pushes: dropped on logout), and
 * the banner of a new version. What is kept per user is the shell's from its start (pwa/offlineData.ts).
 */
export default function OfflineSupport() {
  useEffect(() => {
    void registerServiceWorker();
    // While logged in, the browser is asked to keep what is stored through its clean-ups.
    const stopPersisting = whileLoggedIn(() => {
      void navigator.storage?.persist?.().catch(() => false);
    });
    const stopDropping = dropPushOnLogout();
    return () => {
      stopPersisting();
      stopDropping();
    };
  }, []);
  const waiting = useStore(updateWaiting);
  const [updating, setUpdating] = useState(false);
  if (!waiting) return null;
  return (
    <div className={styles.banner} role="status">
      <p className={styles.msg}>{text.updateAvailable}</p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={updating}
        onClick={() => {
          setUpdating(true);
          applyUpdate();
        }}
      >
        <RefreshCw aria-hidden="true" size={18} />
        {updating ? text.updating : text.update}
      </button>
    </div>
  );
}
