import { useState } from 'react';
import { Caravan, CircleCheck, CircleHelp, CircleX } from 'lucide-react';
import { vehicleFit, type MapKind, type PlaceLimits } from '@nomadas/shared';
import { VehicleForm, vehicleSummary } from '../../components/Vehicle/VehicleForm';
import { esVehicle } from '../../i18n/screens/vehicle';
import { useMyVehicle } from '../../map/myVehicle';
import styles from './facts.module.css';

const text = esVehicle.fit;

/** Where a vehicle stops: areas and LPG stations (a route's start or a spot on the map has no limits to tell). */
const STOPS: readonly MapKind[] = ['default', 'glp'];

/** "Tu autocaravana cabe" / "No cabe: altura máxima 3,2 m" / "Sin límites indicados", by the shared rule. */
export function VehicleFit({ place }: { place: PlaceLimits & { kind: MapKind } }) {
  const mine = useMyVehicle();
  const [editing, setEditing] = useState(false);
  const vehicle = mine.vehicle;
  if (vehicle === undefined || !STOPS.includes(place.kind)) return null;

  const form = editing && (
    <div className={styles.form}>
      {mine.where === 'device' && <p className={styles.hint}>{text.deviceHint}</p>}
      <VehicleForm mine={mine} onDone={() => setEditing(false)} />
    </div>
  );

  if (vehicle === null) {
    return (
      <div className={styles.fact}>
        <p className={styles.line}>
          <Caravan aria-hidden="true" size={20} className={styles.muted} />
          <span>{text.ask}</span>
          {!editing && (
            <button type="button" className={styles.link} onClick={() => setEditing(true)}>
              {text.askAction}
            </button>
          )}
        </p>
        {form}
      </div>
    );
  }

  const fit = vehicleFit(vehicle, place);
  const [Icon, tone, words] =
    fit.fits === 'fits'
      ? [CircleCheck, styles.ok, text.fits(vehicle.type)]
      : fit.fits === 'too-big'
        ? [CircleX, styles.ko, text.tooBig(fit.limit, fit.max)]
        : [CircleHelp, styles.muted, text.unknown];
  return (
    <div className={styles.fact}>
      <p className={styles.line} data-fit={fit.fits}>
        <Icon aria-hidden="true" size={20} className={tone} />
        <strong className={tone}>{words}</strong>
        <span className={styles.muted}>{vehicleSummary(vehicle)}</span>
        {!editing && (
          <button type="button" className={styles.link} onClick={() => setEditing(true)}>
            {text.edit}
          </button>
        )}
      </p>
      {form}
    </div>
  );
}
