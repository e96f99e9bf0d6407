import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle } from 'lucide-react';
import {
  MAP_VEHICLE_HEIGHT_MAX,
  MAP_VEHICLE_LENGTH_MAX,
  MSG,
  VEHICLE_TYPES,
  VEHICLE_WEIGHT_MAX,
  type Vehicle,
  type VehicleType,
} from '@nomadas/shared';
import { ApiFailure } from '../../api/queries/apiData';
import { esVehicle } from '../../i18n/screens/vehicle';
import type { MyVehicle } from '../../map/myVehicle';
import { toast } from '../Toast/toast';
import styles from './Vehicle.module.css';

const text = esVehicle;
type Size = 'length' | 'height' | 'weight';

const SIZES: ReadonlyArray<{ name: Size; label: string; max: number; error: string }> = [
  { name: 'length', label: text.length, max: MAP_VEHICLE_LENGTH_MAX, error: MSG.vehicleLengthInvalid },
  { name: 'height', label: text.height, max: MAP_VEHICLE_HEIGHT_MAX, error: MSG.vehicleHeightInvalid },
  { name: 'weight', label: text.weight, max: VEHICLE_WEIGHT_MAX, error: MSG.vehicleWeightInvalid },
];

/** '7,4' or '7.4' as 7.4; '' as null; anything else as NaN (refused). */
const sizeOf = (value: FormDataEntryValue | null) => {
  const raw = String(value ?? '')
    .trim()
    .replace(',', '.');
  return raw === '' ? null : Number(raw);
};

/** Type and sizes of my vehicle, kept where `mine` keeps it (the account or this device). */
export function VehicleForm({ mine, onDone }: { mine: MyVehicle; onDone?: () => void }) {
  const id = useId();
  const current = mine.vehicle ?? null;
  const [type, setType] = useState<VehicleType>(current?.type ?? 'autocaravana');
  const [invalid, setInvalid] = useState<Size | null>(null);

  async function keep(vehicle: Vehicle | null) {
    try {
      const msg = await mine.save(vehicle);
      toast(msg ?? (vehicle ? text.savedOnDevice : text.removedOnDevice), 'ok');
      onDone?.();
    } catch (error) {
      toast((error instanceof ApiFailure && error.serverMsg) || MSG.serverError, 'ko');
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mine.saving) return;
    const form = new FormData(event.currentTarget);
    const vehicle: Vehicle = { type, length: null, height: null, weight: null };
    for (const { name, max, error } of SIZES) {
      const value = sizeOf(form.get(name));
      if (value !== null && !(value > 0 && value <= max)) {
        setInvalid(name);
        toast(error, 'ko');
        return;
      }
      vehicle[name] = value === null ? null : Math.round(value * 100) / 100;
    }
    setInvalid(null);
    void keep(vehicle);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={mine.saving}>
      <div className="field">
        <label htmlFor={`${id}-type`}>{text.type}</label>
        <select
          id={`${id}-type`}
          value={type}
          onChange={(event) => setType(event.target.value as VehicleType)}
        >
          {VEHICLE_TYPES.map((value) => (
            <option key={value} value={value}>
              {text.types[value]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.sizes}>
        {SIZES.map(({ name, label }) => (
          <div className="field" key={name}>
            <label htmlFor={`${id}-${name}`}>{label}</label>
            <input
              id={`${id}-${name}`}
              name={name}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={invalid === name || undefined}
              aria-describedby={`${id}-hint`}
              defaultValue={current?.[name] != null ? String(current[name]).replace('.', ',') : ''}
            />
          </div>
        ))}
      </div>
      <p className={styles.hint} id={`${id}-hint`}>
        {text.sizesHint}
      </p>
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" aria-disabled={mine.saving}>
          {mine.saving && <LoaderCircle aria-hidden="true" size={18} className={styles.spin} />}
          {mine.saving ? text.saving : text.save}
        </button>
        {current && (
          <button type="button" className="btn btn-secondary" onClick={() => void keep(null)}>
            {text.remove}
          </button>
        )}
        {onDone && !current && (
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            {text.fit.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

/** "Autocaravana · 7,4 m · 3,3 m · 3,5 t". */
export function vehicleSummary(vehicle: Vehicle): string {
  const sizes = [
    vehicle.length !== null ? text.metres(vehicle.length) : null,
    vehicle.height !== null ? text.metres(vehicle.height) : null,
    vehicle.weight !== null ? text.tonnes(vehicle.weight) : null,
  ].filter((size): size is string => size !== null);
  return text.summary(vehicle.type, sizes);
}
