import { useStore } from '../../app/store';
import { es } from '../../i18n/es';
import { LogoMark } from '../Logo/Logo';
import { curtainStore } from './curtain';
import styles from './Curtain.module.css';

/** Full-screen loading overlay: blocks input while a login or logout is on its way. */
export function Curtain() {
  const visible = useStore(curtainStore, (count) => count > 0);
  if (!visible) return null;
  return (
    <div className={styles.curtain} role="status" aria-live="polite">
      <div className={styles.mark}>
        <span className={styles.ring} aria-hidden="true" />
        <LogoMark size={34} />
      </div>
      <span className="visually-hidden">{es.curtain.loading}</span>
    </div>
  );
}
