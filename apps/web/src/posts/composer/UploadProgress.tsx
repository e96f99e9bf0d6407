import { esComposer } from '../../i18n/screens/composer';
import { formatBytes } from './photo';
import styles from './UploadProgress.module.css';

const text = esComposer;
const percentFormat = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 });

interface Props {
  /** preparing: shrinking the photo (no measure yet); uploading: sending it. */
  phase: 'preparing' | 'uploading';
  /** 0 to 1. */
  fraction: number;
  /** Size of what is being sent, in bytes. */
  totalBytes: number;
  /** Absent once there is nothing left to cancel (the photo has been sent; the server is at work). */
  onCancel?: () => void;
}

/** The upload's progress bar with its percentage, what has been sent, and "Cancelar". */
export function UploadProgress({ phase, fraction, totalBytes, onCancel }: Props) {
  const measured = phase === 'uploading';
  const done = measured && fraction >= 1;
  const percent = Math.round(fraction * 100);
  const status = phase === 'preparing' ? text.preparing : done ? text.processing : text.uploading;
  const sent = text.progressOf(formatBytes(totalBytes * fraction), formatBytes(totalBytes));

  return (
    <div className={styles.progress}>
      <div className={styles.top}>
        <span className={styles.status}>{status}</span>
        {measured && (
          <span className={styles.percent} aria-hidden="true">
            {percentFormat.format(fraction)}
          </span>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={text.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={measured ? percent : undefined}
        aria-valuetext={measured ? `${percentFormat.format(fraction)} · ${sent}` : status}
        className={`${styles.track} ${measured ? '' : styles.indeterminate} ${done ? styles.done : ''}`}
      >
        <div className={styles.bar} style={measured ? { transform: `scaleX(${fraction})` } : undefined} />
      </div>
      <div className={styles.bottom}>
        <span className={styles.bytes}>{measured ? sent : formatBytes(totalBytes)}</span>
        {onCancel && (
          <button type="button" className={`btn btn-ghost ${styles.cancel}`} onClick={onCancel}>
            {text.cancel}
          </button>
        )}
      </div>
    </div>
  );
}
