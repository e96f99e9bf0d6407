import { Link } from 'react-router';
import { Crosshair, Map as MapIcon } from 'lucide-react';
import { useMyPlacesQuery, type MyPlace } from '../api/queries/myPlaces';
import { esMapa } from '../i18n/screens/mapa';
import { esMyPlaces } from '../i18n/screens/myPlaces';
import { KindBadge } from './kinds';
import styles from './MyPlacesList.module.css';

const text = esMyPlaces;

/**
 * "Mis lugares" (issue #32): the places the user saved, the last saved first, each opening its sheet; on the map
 * `onShow` also centres the map on one.
 */
export function MyPlacesList({ onShow }: { onShow?: (place: MyPlace) => void }) {
  const places = useMyPlacesQuery();
  if (places.isPending) return <p className={styles.muted}>{esMapa.loading}</p>;
  if (places.isError) {
    return (
      <p className={styles.muted}>
        {text.failed}{' '}
        <button type="button" className={styles.linkButton} onClick={() => void places.refetch()}>
          {text.retry}
        </button>
      </p>
    );
  }
  if (places.data.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{text.empty}</p>
        {!onShow && (
          <Link to="/mapa" className="btn btn-primary">
            <MapIcon aria-hidden="true" size={18} />
            {text.goMap}
          </Link>
        )}
      </div>
    );
  }
  return (
    <ul className={styles.list} aria-label={text.title}>
      {places.data.map((place) => {
        const where = [place.municipality, place.province].filter(Boolean).join(', ');
        return (
          <li key={place.u} className={styles.row}>
            <Link to={`/mapa/location/${encodeURIComponent(place.u)}`} className={styles.place}>
              {place.thumb ? (
                <img src={place.thumb} alt="" className={styles.thumb} loading="lazy" decoding="async" />
              ) : (
                <span className={styles.badge}>
                  <KindBadge kind={place.k} size={40} />
                </span>
              )}
              <span className={styles.text}>
                <span className={styles.name}>{place.n}</span>
                {where && <span className={styles.where}>{where}</span>}
              </span>
            </Link>
            {onShow && (
              <button
                type="button"
                className={styles.show}
                aria-label={text.showOnMap(place.n)}
                onClick={() => onShow(place)}
              >
                <Crosshair aria-hidden="true" size={18} />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
