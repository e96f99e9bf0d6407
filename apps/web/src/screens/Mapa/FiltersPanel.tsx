import { useId, useState } from 'react';
import {
  MAP_KINDS,
  MAP_SERVICES,
  MAP_VEHICLE_HEIGHT_MAX,
  MAP_VEHICLE_LENGTH_MAX,
  VEHICLE_WEIGHT_MAX,
  type Vehicle,
} from '@nomadas/shared';
import { vehicleSummary } from '../../components/Vehicle/VehicleForm';
import { esMapa } from '../../i18n/screens/mapa';
import { esVehicle } from '../../i18n/screens/vehicle';
import { activeFilterCount, NO_FILTERS, type MapFilters } from './filters';
import { KindBadge, SERVICE_ICONS } from '../../map/kinds';
import styles from './panels.module.css';

const text = esMapa.filters;

function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

const metres = (value: string) => {
  const number = Number(value.replace(',', '.'));
  return value.trim() === '' || !Number.isFinite(number) || number <= 0 ? null : number;
};

/** Kinds, services, free only, open now and my vehicle's size; every change applies at once and is remembered. */
export function FiltersPanel({
  filters,
  vehicle,
  onChange,
  onDone,
}: {
  filters: MapFilters;
  /** My vehicle (issue #32): while set, its sizes filter unless 'Ocultar lo que no cabe' is off. */
  vehicle: Vehicle | null;
  onChange: (filters: MapFilters) => void;
  onDone: () => void;
}) {
  const bySizes = !vehicle || !filters.fit;
  const id = useId();
  // The size fields keep what is typed ('7,' on the way to '7,5'); a reset starts them afresh.
  const [resets, setResets] = useState(0);
  return (
    <div className={styles.stack}>
      <fieldset className={styles.group}>
        <legend>{text.kinds}</legend>
        <p className={styles.hint}>{text.kindsHint}</p>
        <div className={styles.chips}>
          {MAP_KINDS.map((kind) => (
            <label key={kind} className={styles.chip}>
              <input
                type="checkbox"
                checked={filters.kinds.includes(kind)}
                onChange={() => onChange({ ...filters, kinds: toggle(filters.kinds, kind) })}
              />
              <KindBadge kind={kind} size={26} />
              {esMapa.kinds[kind]}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{text.services}</legend>
        <p className={styles.hint}>{text.servicesHint}</p>
        <div className={styles.chips}>
          {MAP_SERVICES.map((service) => {
            const Icon = SERVICE_ICONS[service];
            return (
              <label key={service} className={styles.chip}>
                <input
                  type="checkbox"
                  checked={filters.services.includes(service)}
                  onChange={() => onChange({ ...filters, services: toggle(filters.services, service) })}
                />
                <Icon aria-hidden="true" size={18} />
                {esMapa.services[service]}
              </label>
            );
          })}
        </div>
        <label className={`${styles.chip} ${styles.wide}`}>
          <input
            type="checkbox"
            checked={filters.free}
            onChange={(event) => onChange({ ...filters, free: event.target.checked })}
          />
          {text.free}
        </label>
        <label className={`${styles.chip} ${styles.wide}`}>
          <input
            type="checkbox"
            checked={filters.open}
            aria-describedby={`${id}-open`}
            onChange={(event) => onChange({ ...filters, open: event.target.checked })}
          />
          {esVehicle.filters.open}
        </label>
        <p className={styles.hint} id={`${id}-open`}>
          {esVehicle.filters.openHint}
        </p>
      </fieldset>

      <fieldset className={styles.group} key={resets}>
        <legend>{text.vehicle}</legend>
        <p className={styles.hint} id={`${id}-vehicle`}>
          {text.vehicleHint}
        </p>
        {vehicle && (
          <label className={`${styles.chip} ${styles.wide}`}>
            <input
              type="checkbox"
              checked={filters.fit}
              onChange={(event) => onChange({ ...filters, fit: event.target.checked })}
            />
            <span>
              {esVehicle.filters.hideTooBig}
              <span className={styles.hint}> · {vehicleSummary(vehicle)}</span>
            </span>
          </label>
        )}
        {bySizes && (
          <div className={styles.pair}>
            <div className="field">
              <label htmlFor={`${id}-length`}>{text.length}</label>
              <input
                id={`${id}-length`}
                type="number"
                inputMode="decimal"
                min={0.5}
                max={MAP_VEHICLE_LENGTH_MAX}
                step={0.1}
                aria-describedby={`${id}-vehicle`}
                defaultValue={filters.length ?? ''}
                onChange={(event) => onChange({ ...filters, length: metres(event.target.value) })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-height`}>{text.height}</label>
              <input
                id={`${id}-height`}
                type="number"
                inputMode="decimal"
                min={0.5}
                max={MAP_VEHICLE_HEIGHT_MAX}
                step={0.1}
                aria-describedby={`${id}-vehicle`}
                defaultValue={filters.height ?? ''}
                onChange={(event) => onChange({ ...filters, height: metres(event.target.value) })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-weight`}>{esVehicle.filters.weight}</label>
              <input
                id={`${id}-weight`}
                type="number"
                inputMode="decimal"
                min={0.5}
                max={VEHICLE_WEIGHT_MAX}
                step={0.1}
                aria-describedby={`${id}-vehicle`}
                defaultValue={filters.weight ?? ''}
                onChange={(event) => onChange({ ...filters, weight: metres(event.target.value) })}
              />
            </div>
          </div>
        )}
      </fieldset>

      <p className={styles.hint}>{text.remembered}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={activeFilterCount(filters, vehicle) === 0}
          onClick={() => {
            onChange({ ...NO_FILTERS, fit: false });
            setResets((n) => n + 1);
          }}
        >
          {text.reset}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {text.apply}
        </button>
      </div>
    </div>
  );
}
