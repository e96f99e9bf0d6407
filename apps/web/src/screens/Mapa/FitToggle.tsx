import type { Vehicle } from '@nomadas/shared';
import { vehicleSummary } from '../../components/Vehicle/VehicleForm';
import { esVehicle } from '../../i18n/screens/vehicle';
import styles from './panels.module.css';

const text = esVehicle.filters;

/** The list's "Ocultar lo que no cabe": my vehicle's sizes filter the map (the same rule as each sheet's). */
export function FitToggle({
  vehicle,
  on,
  onChange,
}: {
  vehicle: Vehicle;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className={`${styles.chip} ${styles.wide} ${styles.fitToggle}`}>
      <input type="checkbox" checked={on} onChange={(event) => onChange(event.target.checked)} />
      <span>
        {text.hideTooBig}
        <span className={styles.hint}> · {vehicleSummary(vehicle)}</span>
      </span>
    </label>
  );
}
