import { useId } from 'react';
import { VehicleForm, vehicleSummary } from '../../../components/Vehicle/VehicleForm';
import { esVehicle } from '../../../i18n/screens/vehicle';
import { useMyVehicle } from '../../../map/myVehicle';
import styles from './settings.module.css';

const text = esVehicle.settings;

/** "Mi vehículo": its type and sizes, kept with the account; the map and every sheet use them (issue #32). */
export function VehicleSection() {
  const headingId = useId();
  const mine = useMyVehicle();
  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <div className={styles.body}>
        <h2 id={headingId} className={styles.heading}>
          {text.title}
        </h2>
        {mine.vehicle && <p className={styles.lead}>{vehicleSummary(mine.vehicle)}</p>}
        <p className={styles.lead}>{text.lead}</p>
        {mine.vehicle !== undefined && (
          // Keyed by what is stored, so the fields show it again after a save or a removal.
          <VehicleForm key={JSON.stringify(mine.vehicle)} mine={mine} />
        )}
      </div>
    </section>
  );
}
