import { esOverlays } from '../../i18n/es.overlays';
import { LogoMark } from '../Logo/Logo';
import styles from './Curtain.module.css';

/** Full-screen loading overlay: blocks input while a login or logout is on its way. */
export default function Curtain() {
  return (
    <div className={styles.curtain} role="status" aria-live="polite">
      <div className={styles.mark}>
        <span className={styles.ring} aria-hidden="true" />
        <LogoMark size={34} />
      </div>
      <span className="visually-hidden">{esOverlays.curtain.loading}</span>
    </div>
  );
}
