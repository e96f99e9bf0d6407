import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Crosshair, LoaderCircle, MapPinPlus } from 'lucide-react';
import {
  MAP_KINDS,
  MAP_LOCATION_DESCRIPTION_MAX,
  MAP_LOCATION_NAME_MAX,
  MAP_SERVICES,
  MAP_VEHICLE_HEIGHT_MAX,
  MAP_VEHICLE_LENGTH_MAX,
  MSG,
  VEHICLE_WEIGHT_MAX,
  type Coordinates,
  type MapKind,
  type MapService,
} from '@nomadas/shared';
import type { NewLocationBody } from '@nomadas/shared/schemas';
import { ApiFailure } from '../../api/queries/apiData';
import { useCreateLocationMutation } from '../../api/queries/createLocation';
import { toast } from '../../components/Toast/toast';
import { esMapa } from '../../i18n/screens/mapa';
import { esVehicle } from '../../i18n/screens/vehicle';
import { locateMe } from '../../map/geolocation';
import { SERVICE_ICONS } from '../../map/kinds';
import { MonthsPicker } from './MonthsPicker';
import { locationPath } from './PlacesList';
import styles from './panels.module.css';

const text = esMapa.add;

const numberOrNull = (value: FormDataEntryValue | null, integer = false) => {
  const raw = String(value ?? '')
    .trim()
    .replace(',', '.');
  if (raw === '') return null;
  const number = Number(raw);
  return Number.isFinite(number) ? (integer ? Math.round(number) : number) : null;
};

/** 'Añadir lugar': where (a tap on the map or my position) and what; the draft opens once it is stored. */
export function AddPlacePanel({
  point,
  onPoint,
  onCancel,
}: {
  point: Coordinates | null;
  onPoint: (point: Coordinates) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateLocationMutation();
  const [kind, setKind] = useState<MapKind>('default');
  const [services, setServices] = useState<MapService[]>([]);
  const [months, setMonths] = useState<number[]>([]);
  const [locating, setLocating] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);

  async function placeAtMyPosition() {
    setLocating(true);
    const position = await locateMe();
    setLocating(false);
    if (position) onPoint(position);
    else toast(esMapa.locateFailed, 'ko');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    if (!point) {
      toast(text.noPoint, 'ko');
      return;
    }
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    if (name.length < 3) {
      setNameError(MSG.mapNameRequired);
      toast(MSG.mapNameRequired, 'ko');
      return;
    }
    setNameError(null);
    const body: NewLocationBody = {
      kind,
      name,
      description: String(form.get('description') ?? ''),
      lat: point.latitude,
      lng: point.longitude,
      services,
      price: numberOrNull(form.get('price')),
      months: months.length > 0 ? months : null,
      maxStay: numberOrNull(form.get('maxStay'), true),
      places: numberOrNull(form.get('places'), true),
      maxLength: numberOrNull(form.get('maxLength')),
      maxHeight: numberOrNull(form.get('maxHeight')),
      maxWeight: numberOrNull(form.get('maxWeight')),
      surface: String(form.get('surface') ?? ''),
    };
    create.mutate(body, {
      onSuccess: ({ urlpoint, msg }) => {
        toast(msg || MSG.mapLocationAdded, 'ok');
        navigate(locationPath(urlpoint));
      },
      onError: (error) =>
        toast(error instanceof ApiFailure && error.serverMsg ? error.serverMsg : MSG.serverError, 'ko'),
    });
  }

  const field = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} name={name} {...props} />
    </div>
  );

  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-busy={create.isPending}>
      <p className={styles.intro}>{text.intro}</p>
      <div className={styles.where}>
        <p className={point ? styles.whereSet : styles.hint} role="status">
          <MapPinPlus aria-hidden="true" size={20} />
          {point ? text.chosen(point.latitude, point.longitude) : text.pickOnMap}
        </p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void placeAtMyPosition()}
          disabled={locating}
        >
          {locating ? (
            <LoaderCircle aria-hidden="true" size={18} />
          ) : (
            <Crosshair aria-hidden="true" size={18} />
          )}
          {text.useMyPosition}
        </button>
      </div>

      <div className="field">
        <label htmlFor={`${id}-kind`}>{text.kind}</label>
        <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as MapKind)}>
          {MAP_KINDS.map((value) => (
            <option key={value} value={value}>
              {esMapa.kinds[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>{text.name}</label>
        <input
          id={`${id}-name`}
          name="name"
          required
          maxLength={MAP_LOCATION_NAME_MAX}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
        />
        {nameError && (
          <p className="field-error" id={`${id}-name-error`}>
            {nameError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>
          {text.description} <span className={styles.optional}>{text.optional}</span>
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          maxLength={MAP_LOCATION_DESCRIPTION_MAX}
          rows={3}
        />
      </div>

      {kind === 'default' && (
        <>
          <fieldset className={styles.group}>
            <legend>{text.services}</legend>
            <div className={styles.chips}>
              {MAP_SERVICES.map((service) => {
                const Icon = SERVICE_ICONS[service];
                return (
                  <label key={service} className={styles.chip}>
                    <input
                      type="checkbox"
                      checked={services.includes(service)}
                      onChange={() =>
                        setServices((list) =>
                          list.includes(service) ? list.filter((s) => s !== service) : [...list, service],
                        )
                      }
                    />
                    <Icon aria-hidden="true" size={18} />
                    {esMapa.services[service]}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className={styles.pair}>
            {field('price', text.price, {
              type: 'number',
              inputMode: 'decimal',
              min: 0,
              max: 1000,
              step: 0.5,
            })}
            {field('maxStay', text.maxStay, {
              type: 'number',
              inputMode: 'numeric',
              min: 1,
              max: 365,
              step: 1,
            })}
          </div>
          <p className={styles.hint}>{text.priceHint}</p>
          <MonthsPicker months={months} onChange={setMonths} />
          <div className={styles.pair}>
            {field('maxLength', text.maxLength, {
              type: 'number',
              inputMode: 'decimal',
              min: 1,
              max: MAP_VEHICLE_LENGTH_MAX,
              step: 0.1,
            })}
            {field('maxHeight', text.maxHeight, {
              type: 'number',
              inputMode: 'decimal',
              min: 1,
              max: MAP_VEHICLE_HEIGHT_MAX,
              step: 0.1,
            })}
          </div>
          <div className={styles.pair}>
            {field('maxWeight', esVehicle.add.maxWeight, {
              type: 'number',
              inputMode: 'decimal',
              min: 0.5,
              max: VEHICLE_WEIGHT_MAX,
              step: 0.1,
            })}
            {field('places', text.places, { type: 'number', inputMode: 'numeric', min: 1, step: 1 })}
          </div>
          {field('surface', text.surface, { placeholder: text.surfacePlaceholder, maxLength: 60 })}
        </>
      )}

      <p className={styles.hint}>{text.draftNote}</p>
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {text.cancel}
        </button>
        <button type="submit" className="btn btn-primary" aria-disabled={create.isPending}>
          {create.isPending ? text.sending : text.submit}
        </button>
      </div>
    </form>
  );
}
