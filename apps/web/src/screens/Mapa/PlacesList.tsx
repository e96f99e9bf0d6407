import { useState } from 'react';
import { Link } from 'react-router';
import { Fuel, Star } from 'lucide-react';
import type { Coordinates } from '@nomadas/shared';
import { esMapa } from '../../i18n/screens/mapa';
import type { PlaceByDistance } from './filters';
import { KindBadge } from '../../map/kinds';
import { OccupancyBadge } from '../../map/OccupancyBadge';
import { splitPlaceName } from '../../map/placeName';
import styles from './panels.module.css';
import { esLpg } from '../../i18n/screens/lpg';
import { LpgPrice } from '../../map/LpgPrice';
import lpgStyles from '../../map/LpgPrice.module.css';
import { hasLpgPrices, sortByLpgPrice } from '../../map/lpgSort';
import { locationPath } from './locationPath';
import { LpgNearList } from './LpgNearList';

const text = esMapa;
/** Rows in the page at once: the rest are a zoom away. */
const LIST_MAX = 60;

export { locationPath };

/** A place's name, its town on a line of its own (a long name no longer cuts the town off). */
function PlaceName({ name }: { name: string }) {
  const { title, town } = splitPlaceName(name);
  if (!town) return <span className={styles.rowNameLong}>{name}</span>;
  // Read as the one name it is; shown in two lines.
  return (
    <>
      <span className="visually-hidden">{name}</span>
      <span className={styles.rowName} aria-hidden="true">
        {title}
      </span>
      <span className={styles.rowTown} aria-hidden="true">
        {town}
      </span>
    </>
  );
}

/** A place's short facts: free or not, its rating, a draft. */
export function PlaceFacts({
  free,
  rating,
  draft,
}: {
  free: boolean;
  rating: number | null;
  draft: boolean;
}) {
  return (
    <span className={styles.facts}>
      {free && <span className={styles.free}>{text.free}</span>}
      {rating !== null && (
        <span className={styles.rating} aria-label={text.rating(rating)}>
          <Star aria-hidden="true" size={14} fill="currentColor" />
          <span aria-hidden="true">{rating.toLocaleString('es-ES', { maximumFractionDigits: 1 })}</span>
        </span>
      )}
      {draft && <span className={styles.draftTag}>{text.draft}</span>}
    </span>
  );
}

/** Rows of places, each opening its sheet. */
function PlaceRows({ shown }: { shown: readonly PlaceByDistance[] }) {
  return (
    <ul className={styles.list}>
      {shown.map(({ point, km }) => (
        <li key={point.u}>
          <Link to={locationPath(point.u)} className={styles.row}>
            <KindBadge kind={point.k} />
            <span className={styles.rowText}>
              <PlaceName name={point.n} />
              <span className={styles.rowMeta}>
                {text.kinds[point.k]}
                <PlaceFacts free={point.f === 1} rating={point.r} draft={point.d === 1} />
                {point.o && point.oa !== undefined && <OccupancyBadge state={point.o} at={point.oa} />}
                {point.g !== undefined && point.ga !== undefined && (
                  <LpgPrice price={point.g} date={point.ga} />
                )}
              </span>
            </span>
            <span className={styles.km}>{text.km(km)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The places in view, nearest first (from me once located, else from the map's centre); each opens its sheet.
 * "GLP más barato cerca" asks the server for the cheapest LPG around `from` instead (issue #32).
 */
export function PlacesList({
  places,
  from,
  fromMe,
  capped,
}: {
  places: readonly PlaceByDistance[];
  /** Where distances are measured from: me once located, else the map's centre. */
  from: Coordinates | null;
  fromMe: boolean;
  /** The server had more in the box than it sent. */
  capped: number | null;
}) {
  // "Más barato" when LPG stations with a price are in the list (issue #32).
  const [cheapest, setCheapest] = useState(false);
  const [lpgNear, setLpgNear] = useState(false);
  const priced = hasLpgPrices(places);
  const byPrice = priced && cheapest;
  const shown = (byPrice ? sortByLpgPrice(places) : places).slice(0, LIST_MAX);
  // With no connection, the LPG places the device holds in view, sorted by the prices it knows.
  const savedLpg = lpgNear ? sortByLpgPrice(places.filter(({ point }) => point.k === 'glp')) : [];
  return (
    <>
      <button
        type="button"
        className={`btn btn-secondary ${lpgStyles.nearToggle}`}
        aria-pressed={lpgNear}
        onClick={() => setLpgNear(!lpgNear)}
      >
        <Fuel aria-hidden="true" size={18} />
        {esLpg.near.open}
      </button>
      {lpgNear ? (
        <LpgNearList
          from={from}
          fromMe={fromMe}
          offline={<PlaceRows shown={savedLpg.slice(0, LIST_MAX)} />}
          offlineCount={savedLpg.length}
        />
      ) : places.length === 0 ? (
        <p className={styles.empty}>{text.list.empty}</p>
      ) : (
        <>
          {priced && (
            <div className={lpgStyles.sortBar} role="group" aria-label={esLpg.sort.label}>
              <button type="button" aria-pressed={!byPrice} onClick={() => setCheapest(false)}>
                {esLpg.sort.nearest}
              </button>
              <button type="button" aria-pressed={byPrice} onClick={() => setCheapest(true)}>
                {esLpg.sort.cheapest}
              </button>
            </div>
          )}
          <p className={styles.hint}>
            {byPrice ? esLpg.sort.hint : fromMe ? text.list.byDistanceFromMe : text.list.byDistanceFromCentre}
          </p>
          {capped !== null && <p className={styles.hint}>{text.list.capped(capped)}</p>}
          <PlaceRows shown={shown} />
          {places.length > LIST_MAX && (
            <p className={styles.hint}>{text.list.more(places.length - LIST_MAX)}</p>
          )}
        </>
      )}
    </>
  );
}
