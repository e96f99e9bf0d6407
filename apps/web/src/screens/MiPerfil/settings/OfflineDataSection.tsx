import { useCallback, useEffect, useId, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from '../../../components/Toast/toast';
import { esSettings } from '../../../i18n/screens/settings';
import { clearOfflineData, offlineDataBytes } from '../../../pwa/offlineData';
import styles from './settings.module.css';

const text = esSettings.offline;

/** 38 MB, 3,2 MB, 0,4 MB: a decimal below ten, as Spain writes it. */
const megabytes = (bytes: number) => {
  const mb = bytes / 1_000_000;
  return mb < 10 ? mb.toFixed(1).replace('.', ',') : String(Math.round(mb));
};

/** "Datos sin conexión: N MB · Borrar": what this device keeps for offline reading, and a way to forget it. */
export function OfflineDataSection() {
  const headingId = useId();
  // undefined while measuring, null when the browser does not tell.
  const [bytes, setBytes] = useState<number | null | undefined>(undefined);
  const [clearing, setClearing] = useState(false);
  const measure = useCallback(() => offlineDataBytes().then(setBytes), []);

  useEffect(() => {
    void measure();
  }, [measure]);

  async function clear() {
    setClearing(true);
    await clearOfflineData({ baseRegions: true });
    await measure();
    setClearing(false);
    toast(text.cleared, 'ok');
  }

  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <div className={styles.body}>
        <h2 id={headingId} className={styles.heading}>
          {text.title}
        </h2>
        <p className={styles.lead}>{text.lead}</p>
        <div className={styles.row}>
          <p className={styles.lead} aria-live="polite">
            {bytes === undefined ? '\u00a0' : bytes === null ? text.sizeUnknown : text.size(megabytes(bytes))}
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={clearing}
            onClick={() => void clear()}
          >
            <Trash2 aria-hidden="true" size={20} />
            {text.clear}
          </button>
        </div>
      </div>
    </section>
  );
}
