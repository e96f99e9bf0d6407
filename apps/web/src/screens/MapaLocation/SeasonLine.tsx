import { CalendarCheck, CalendarX } from 'lucide-react';
import { monthInSpain, monthRuns, monthsMask, MONTHS_ALL } from '@nomadas/shared';
import { esVehicle } from '../../i18n/screens/vehicle';
import styles from './facts.module.css';

const text = esVehicle.season;

/** "Abierto todo el año", "Abierto de junio a septiembre"; null when the months are not stated. */
export function seasonText(months: number[] | null): string | null {
  if (months === null || months.length === 0) return null;
  const mask = monthsMask(months);
  return mask === MONTHS_ALL ? text.allYear : text.open(monthRuns(mask));
}

/** The months open and whether it is open now ("· Cerrado ahora"); nothing when the months are not stated. */
export function SeasonLine({ months }: { months: number[] | null }) {
  const words = seasonText(months);
  if (months === null || words === null) return null;
  const all = monthsMask(months) === MONTHS_ALL;
  const openNow = months.includes(monthInSpain());
  const Icon = openNow ? CalendarCheck : CalendarX;
  return (
    <div className={styles.fact}>
      <p className={styles.line}>
        <Icon aria-hidden="true" size={20} className={openNow ? styles.ok : styles.ko} />
        <span>{words}</span>
        {!all && (
          <strong className={openNow ? styles.ok : styles.ko}>
            {openNow ? text.openNow : text.closedNow}
          </strong>
        )}
      </p>
    </div>
  );
}
