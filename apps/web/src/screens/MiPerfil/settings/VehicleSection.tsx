import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { VehicleForm, vehicleSummary } from '../../../components/Vehicle/VehicleForm';
import { esVehicle } from '../../../i18n/screens/vehicle';
import { VEHICLE_SECTION_ID, useMyVehicle } from '../../../map/myVehicle';
import styles from './settings.module.css';

const text = esVehicle.settings;

/** "Mi vehículo": its type and sizes, kept with the account; the map and every sheet use them (issue #32). */
export function VehicleSection() {
  const headingId = useId();
  const mine = useMyVehicle();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // A link to /perfil#vehiculo brings the section into view once the form below has its height.
  const shown = mine.vehicle !== undefined;
  useEffect(() => {
    if (shown && hash === `#${VEHICLE_SECTION_ID}`) section.current?.scrollIntoView({ block: 'start' });
  }, [shown, hash]);
  return (
    <section
      ref={section}
      id={VEHICLE_SECTION_ID}
      className={`card ${styles.section}`}
      aria-labelledby={headingId}
    >
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
