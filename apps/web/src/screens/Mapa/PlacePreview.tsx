import { Link } from 'react-router';
import { ChevronRight, X } from 'lucide-react';
import type { MapPoint } from '@nomadas/shared/schemas';
import { esMapa } from '../../i18n/screens/mapa';
import { KindBadge } from '../../map/kinds';
import { LpgPrice } from '../../map/LpgPrice';
import { locationPath, PlaceFacts } from './PlacesList';
import styles from './panels.module.css';

const text = esMapa;

/** The place tapped on the map: its name and facts, and the way to its sheet. */
export function PlacePreview({
  point,
  km,
  onClose,
}: {
  point: MapPoint;
  km: number | null;
  onClose: () => void;
}) {
  return (
    <div className={styles.preview} role="group" aria-label={point.n}>
      <KindBadge kind={point.k} size={44} />
      <div className={styles.rowText}>
        <p className={styles.previewName}>{point.n}</p>
        <p className={styles.rowMeta}>
          {/* The distance stays with the kind: a wrapped line never starts with its dot. */}
          <span className={styles.nowrap}>
            {text.kinds[point.k]}
            {km !== null && ` · ${text.km(km)}`}
          </span>
          <PlaceFacts free={point.f === 1} rating={point.r} draft={point.d === 1} />
          {point.g !== undefined && point.ga !== undefined && <LpgPrice price={point.g} date={point.ga} />}
        </p>
      </div>
      <Link to={locationPath(point.u)} className={`btn btn-primary ${styles.previewOpen}`}>
        {text.preview.open}
        <ChevronRight aria-hidden="true" size={18} />
      </Link>
      <button type="button" className={styles.previewClose} onClick={onClose} aria-label={text.preview.close}>
        <X aria-hidden="true" size={20} />
      </button>
    </div>
  );
}
