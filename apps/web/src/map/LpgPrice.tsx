import { fullDate } from '../i18n/relativeTime';
import { esLpg } from '../i18n/screens/lpg';
import styles from './LpgPrice.module.css';

const text = esLpg;

/**
 * An LPG station's price and its age: "GLP 0,98 €/l · hace 2 h"; on a sheet, with the source named; a stale
 * one (GET /api/map/glp's `stale`) says so.
 */
export function LpgPrice({
  price,
  date,
  withSource = false,
  stale = false,
}: {
  price: number;
  /** When the price held: ISO 8601, or seconds since 1970 (the map's points). */
  date: string | number;
  withSource?: boolean;
  stale?: boolean;
}) {
  const iso = typeof date === 'number' ? new Date(date * 1000).toISOString() : date;
  const ago = text.agoSince(iso);
  return (
    <span className={withSource ? styles.block : styles.inline}>
      <span className={styles.line}>
        <span className={styles.price}>{text.price(price)}</span> ·{' '}
        <time dateTime={iso} title={fullDate(iso)}>
          {ago}
        </time>
      </span>
      {stale && <span className={styles.stale}> · {text.stale}</span>}
      {withSource && <small className={styles.source}>{text.source}</small>}
    </span>
  );
}
