import { es } from '../i18n/es';
import styles from './PageSkeleton.module.css';

/** What a screen shows while its chunk loads: the shape of a page, not a spinner (DESIGN.md §7). */
export function PageSkeleton() {
  return (
    <div className={`container ${styles.skeleton}`} role="status" aria-live="polite">
      <span className="visually-hidden">{es.shell.loading}</span>
      <div className={`${styles.block} ${styles.title}`} />
      <div className={`${styles.block} ${styles.line}`} />
      <div className={`${styles.block} ${styles.line} ${styles.short}`} />
      <div className={styles.grid}>
        <div className={`${styles.block} ${styles.card}`} />
        <div className={`${styles.block} ${styles.card}`} />
        <div className={`${styles.block} ${styles.card}`} />
      </div>
    </div>
  );
}
