import { OCCUPANCY_STATES, type OccupancyState } from '@nomadas/shared';
import { outbox, pendingOf, useOutbox } from '../../api/outbox/outbox';
import { usePlaceStatusQuery } from '../../api/queries/placeStatus';
import { fullDate } from '../../i18n/relativeTime';
import { esPlaceStatus } from '../../i18n/screens/placeStatus';
import { reportAge } from '../../map/reportAge';
import { useSessionUser } from '../../session/session';
import styles from './placeStatus.module.css';

const text = esPlaceStatus;

/**
 * "¿Hay sitio?" on a sheet: the freshest state with its age, and for registered users one tap to say what they
 * see now (through the outbox). The server takes one a user per place every half hour and answers why not.
 */
export function Occupancy({ urlpoint }: { urlpoint: string }) {
  const user = useSessionUser();
  const status = usePlaceStatusQuery(urlpoint);
  const pending = pendingOf(useOutbox(), 'placeReport', (write) => write.urlpoint === urlpoint);
  const waiting = pending.filter((entry) => entry.state === 'waiting').length > 0;
  const lastPending = pending.findLast((entry) => entry.write.report.about === 'occupancy')?.write.report;
  const mine: OccupancyState | null =
    lastPending?.about === 'occupancy' ? lastPending.state : (status.data?.mineOccupancy ?? null);
  const current = status.data?.occupancy;

  return (
    <section aria-labelledby="hay-sitio" className={styles.now}>
      <h2 id="hay-sitio">{text.occupancy.heading}</h2>
      {status.data && (
        <p className={`${styles.current} ${current ? styles[current.state] : styles.state}`} role="status">
          {current ? (
            <time dateTime={current.at} title={fullDate(current.at)}>
              {text.occupancy.current(current.state, reportAge(current.at), current.reports)}
            </time>
          ) : (
            text.occupancy.unknown
          )}
        </p>
      )}
      {user ? (
        <>
          <div className={styles.buttons} role="group" aria-label={text.occupancy.heading}>
            {OCCUPANCY_STATES.map((state) => (
              <button
                key={state}
                type="button"
                aria-pressed={mine === state}
                onClick={() =>
                  outbox.add({ kind: 'placeReport', urlpoint, report: { about: 'occupancy', state } })
                }
              >
                {text.occupancy.states[state]}
              </button>
            ))}
          </div>
          {status.data && <p className={styles.pending}>{text.occupancy.hint(status.data.occupancyHours)}</p>}
          {waiting && (
            <p className={styles.pending} role="status">
              {text.pending}
            </p>
          )}
        </>
      ) : (
        <p className={styles.pending}>{text.login}</p>
      )}
    </section>
  );
}
