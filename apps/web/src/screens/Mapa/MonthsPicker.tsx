import { esVehicle } from '../../i18n/screens/vehicle';
import styles from './panels.module.css';

const text = esVehicle.season;
const ALL = Array.from({ length: 12 }, (_, i) => i + 1);

/** The months a place opens, one chip each, and "Todo el año"; none chosen: not stated (issue #32). */
export function MonthsPicker({
  months,
  onChange,
}: {
  months: number[];
  onChange: (months: number[]) => void;
}) {
  const all = months.length === 12;
  return (
    <fieldset className={styles.group}>
      <legend>{text.pick}</legend>
      <p className={styles.hint}>{text.pickHint}</p>
      <div className={styles.chips}>
        <label className={styles.chip}>
          <input type="checkbox" checked={all} onChange={() => onChange(all ? [] : ALL)} />
          {text.all}
        </label>
        {ALL.map((month) => (
          <label key={month} className={styles.chip} title={text.months[month - 1]}>
            <input
              type="checkbox"
              aria-label={text.months[month - 1]}
              checked={months.includes(month)}
              onChange={() =>
                onChange(
                  months.includes(month)
                    ? months.filter((m) => m !== month)
                    : [...months, month].sort((a, b) => a - b),
                )
              }
            />
            <span aria-hidden="true">{text.short[month - 1]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
