import { CloudOff } from 'lucide-react';
import { es } from '../i18n/es';
import styles from './ScreenError.module.css';

/** Shown in place of a screen whose code could not be loaded (offline, or a new version was deployed). */
export function ScreenError() {
  return (
    <div className={`container ${styles.error}`} role="alert">
      <CloudOff aria-hidden="true" size={40} className={styles.icon} />
      <h1 className={styles.title}>{es.shell.screenFailedTitle}</h1>
      <p>{es.shell.screenFailedText}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {es.shell.retry}
      </button>
    </div>
  );
}
