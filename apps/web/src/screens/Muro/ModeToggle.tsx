import { useCallback, useState } from 'react';
import { LayoutGrid, Rows3 } from 'lucide-react';
import { browserStorage } from '../../app/storage';
import { esMuro } from '../../i18n/screens/muro';
import type { WallMode } from '../../posts/WallList';
import styles from './ModeToggle.module.css';

const text = esMuro.mode;
const MODE_KEY = 'muro_vista';

/** Grid (1) or feed (2), remembered on this device. */
export function useWallMode() {
  const [mode, setMode] = useState<WallMode>(() => (browserStorage.getItem(MODE_KEY) === '2' ? 2 : 1));
  const choose = useCallback((next: WallMode) => {
    setMode(next);
    browserStorage.setItem(MODE_KEY, String(next));
  }, []);
  return [mode, choose] as const;
}

export function ModeToggle({ mode, onChange }: { mode: WallMode; onChange: (mode: WallMode) => void }) {
  return (
    <div role="group" aria-label={text.label} className={styles.toggle}>
      <button type="button" aria-pressed={mode === 1} onClick={() => onChange(1)}>
        <LayoutGrid aria-hidden="true" size={18} />
        <span className={styles.toggleLabel}>{text.grid}</span>
      </button>
      <button type="button" aria-pressed={mode === 2} onClick={() => onChange(2)}>
        <Rows3 aria-hidden="true" size={18} />
        <span className={styles.toggleLabel}>{text.feed}</span>
      </button>
    </div>
  );
}
