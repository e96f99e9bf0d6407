import { useCallback, useEffect, useState } from 'react';
import { WALL_LIST_VIEW, WALL_VIEW_COOKIE } from '@nomadas/shared';
import { LayoutGrid, Rows3 } from 'lucide-react';
import { browserStorage } from '../../app/storage';
import { esMuro } from '../../i18n/screens/muro';
import type { WallMode } from '../../posts/WallList';
import styles from './ModeToggle.module.css';

const text = esMuro.mode;
const MODE_KEY = 'muro_vista';

/**
 * The server writes /muro's photo preloads for the grid only when this cookie does not say the list
 * (wall-page-hints.ts): a year, this site only, sent with the page's request.
 */
function rememberForServer(mode: WallMode) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    mode === 2
      ? `${WALL_VIEW_COOKIE}=${WALL_LIST_VIEW}; path=/; max-age=31536000; SameSite=Lax${secure}`
      : `${WALL_VIEW_COOKIE}=; path=/; max-age=0; SameSite=Lax${secure}`;
}

/** Grid (1) or feed (2), remembered on this device. */
export function useWallMode() {
  const [mode, setMode] = useState<WallMode>(() => (browserStorage.getItem(MODE_KEY) === '2' ? 2 : 1));
  // A choice made before the server read the cookie is told to it too.
  useEffect(() => {
    if (mode === 2 && !document.cookie.includes(`${WALL_VIEW_COOKIE}=`)) rememberForServer(2);
  }, [mode]);
  const choose = useCallback((next: WallMode) => {
    setMode(next);
    browserStorage.setItem(MODE_KEY, String(next));
    rememberForServer(next);
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
