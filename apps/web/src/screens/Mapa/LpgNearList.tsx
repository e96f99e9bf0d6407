import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Coordinates } from '@nomadas/shared';
import { useLpgNearQuery } from '../../api/queries/lpgNear';
import { esLpg } from '../../i18n/screens/lpg';
import { esMapa } from '../../i18n/screens/mapa';
import { KindBadge } from '../../map/kinds';
import { LpgPrice } from '../../map/LpgPrice';
import { locationPath } from './locationPath';
import styles from './panels.module.css';

const text = esLpg.near;

/**
 * "GLP más barato cerca" (issue #32): the server's cheapest LPG stations around `from` (the user once located,
 * else the map's centre), each opening its sheet. With no connection, `offline` instead: the LPG places of the
 * map's view, which then come from the device, sorted by the prices it knows, and the screen says so.
 */
export function LpgNearList({
  from,
  fromMe,
  offline,
  offlineCount,
}: {
  from: Coordinates | null;
  fromMe: boolean;
  offline: ReactNode;
  offlineCount: number;
}) {
  const near = useLpgNearQuery(from);
  if (near.isPending) return <p className={styles.hint}>{text.loading}</p>;
  if (near.isError) {
    return (
      <p className={styles.empty} role="alert">
        {text.failed}{' '}
        <button type="button" className="btn btn-ghost" onClick={() => void near.refetch()}>
          {esMapa.retry}
        </button>
      </p>
    );
  }
  if ('offline' in near.data) {
    return (
      <>
        <p className={styles.hint} role="status">
          {offlineCount > 0 ? text.offline : text.offlineEmpty}
        </p>
        {offline}
      </>
    );
  }
  const { r, stations } = near.data;
  if (stations.length === 0) return <p className={styles.empty}>{text.empty(r)}</p>;
  return (
    <>
      <p className={styles.hint}>
        {fromMe ? text.fromMe(r) : text.fromCentre(r)}
        {stations.some((station) => station.stale) && ` ${text.staleLast}`}
      </p>
      <ul className={styles.list}>
        {stations.map((station) => (
          <li key={station.u}>
            <Link to={locationPath(station.u)} className={styles.row}>
              <KindBadge kind="glp" />
              <span className={styles.rowText}>
                <span className={styles.rowNameLong}>{station.n}</span>
                {station.town && <span className={styles.rowTown}>{station.town}</span>}
                <span className={styles.rowMeta}>
                  <LpgPrice price={station.price} date={station.date} stale={station.stale} />
                </span>
              </span>
              <span className={styles.km}>{esMapa.km(station.km)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
