import type { OccupancyState } from '@nomadas/shared';
import { esPlaceStatus } from '../i18n/screens/placeStatus';
import { reportAge } from './reportAge';
import styles from './OccupancyBadge.module.css';

const text = esPlaceStatus.occupancy;

/** "¿Hay sitio?" in a row of the map's list: "Sitio · hace 20 min" in its colour, read out as a sentence. */
export function OccupancyBadge({ state, at }: { state: OccupancyState; at: number }) {
  const ago = reportAge(at);
  return (
    <span className={`${styles.badge} ${styles[state]}`}>
      <span aria-hidden="true">
        {text.short[state]} · {ago}
      </span>
      <span className="visually-hidden">{text.label(state, ago)}</span>
    </span>
  );
}
