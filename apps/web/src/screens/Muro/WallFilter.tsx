import { useCallback, useState } from 'react';
import { browserStorage } from '../../app/storage';
import { esMuro } from '../../i18n/screens/muro';
import styles from './WallFilter.module.css';

const text = esMuro.filter;
const FILTER_KEY = 'muro_filtro';

/** Whose posts the wall shows: everybody's or only the people I follow ('Siguiendo'), remembered on this device. */
export function useWallFilter() {
  const [following, setFollowing] = useState(() => browserStorage.getItem(FILTER_KEY) === 'siguiendo');
  const choose = useCallback((next: boolean) => {
    setFollowing(next);
    if (next) browserStorage.setItem(FILTER_KEY, 'siguiendo');
    else browserStorage.removeItem(FILTER_KEY);
  }, []);
  return [following, choose] as const;
}

/** 'Todos' | 'Siguiendo': two pressed/unpressed buttons, for logged-in users. */
export function WallFilter({
  following,
  onChange,
}: {
  following: boolean;
  onChange: (following: boolean) => void;
}) {
  return (
    <div role="group" aria-label={text.label} className={styles.filter}>
      <button type="button" aria-pressed={!following} onClick={() => onChange(false)}>
        {text.all}
      </button>
      <button type="button" aria-pressed={following} onClick={() => onChange(true)}>
        {text.following}
      </button>
    </div>
  );
}
