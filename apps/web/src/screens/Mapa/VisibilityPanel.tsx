import { useId, useState, type FormEvent } from 'react';
import { EyeOff, MapPinned } from 'lucide-react';
import {
  VISIBILITY_EVERYONE,
  VISIBILITY_FRIENDS,
  VISIBILITY_HIDDEN,
  VISIBILITY_HOURS,
  VISIBILITY_RANGE_MAX,
  VISIBILITY_RANGE_MIN,
} from '@nomadas/shared';
import { toast } from '../../components/Toast/toast';
import { esMapa } from '../../i18n/screens/mapa';
import { positionSharing, usePositionSharing } from '../../map/sharing';
import { parseRange, type SharingHours, type VisibilityType } from '../../map/sharingStore';
import styles from './panels.module.css';

const text = esMapa.visibility;
const TYPES = [VISIBILITY_HIDDEN, VISIBILITY_FRIENDS, VISIBILITY_EVERYONE] as const;

const timeOf = (epochMs: number) =>
  new Date(epochMs).toLocaleTimeString('es-ES', { hour: '2-digit', minute: '2-digit' });

/** Spec §3 visibility settings: who sees me (hidden, friends, every registered user), the range and for how long. */
export function VisibilityPanel() {
  const id = useId();
  const sharing = usePositionSharing();
  const [type, setType] = useState<VisibilityType>(
    sharing.type === VISIBILITY_HIDDEN ? VISIBILITY_FRIENDS : sharing.type,
  );
  const [range, setRange] = useState(String(sharing.range));
  const [hours, setHours] = useState<SharingHours>(1);
  const [rangeError, setRangeError] = useState(false);

  function save(event: FormEvent) {
    event.preventDefault();
    if (type === VISIBILITY_HIDDEN) {
      positionSharing.hide();
      toast(text.stopped, 'ok');
      return;
    }
    const valid = parseRange(range);
    if (valid === null) {
      setRangeError(true);
      toast(text.rangeInvalid, 'ko');
      return;
    }
    setRangeError(false);
    positionSharing.share(type, valid, hours);
    toast(text.saved, 'ok');
  }

  return (
    <form className={styles.stack} onSubmit={save} noValidate>
      <p className={styles.intro}>{text.intro}</p>
      <p
        className={`${styles.status} ${sharing.type !== VISIBILITY_HIDDEN ? styles.statusOn : ''}`}
        role="status"
      >
        {sharing.type !== VISIBILITY_HIDDEN && sharing.until ? (
          <>
            <MapPinned aria-hidden="true" size={20} />
            {text.sharingUntil(timeOf(sharing.until))}
          </>
        ) : (
          <>
            <EyeOff aria-hidden="true" size={20} />
            {text.hidden}
          </>
        )}
      </p>
      {sharing.failed && sharing.type !== VISIBILITY_HIDDEN && <p className="field-error">{text.failed}</p>}

      <fieldset className={styles.group}>
        <legend>{text.who}</legend>
        <div className={styles.options}>
          {TYPES.map((value) => (
            <label key={value} className={styles.option}>
              <input
                type="radio"
                name={`${id}-type`}
                value={value}
                checked={type === value}
                onChange={() => setType(value)}
              />
              {text.types[value]}
            </label>
          ))}
        </div>
      </fieldset>

      {type !== VISIBILITY_HIDDEN && (
        <>
          <div className="field">
            <label htmlFor={`${id}-range`}>{text.range}</label>
            <input
              id={`${id}-range`}
              type="number"
              inputMode="numeric"
              min={VISIBILITY_RANGE_MIN}
              max={VISIBILITY_RANGE_MAX}
              step={1}
              required
              value={range}
              aria-invalid={rangeError || undefined}
              aria-describedby={`${id}-range-hint`}
              onChange={(event) => setRange(event.target.value)}
            />
            <p className={rangeError ? 'field-error' : 'field-hint'} id={`${id}-range-hint`}>
              {rangeError ? text.rangeInvalid : text.rangeHint}
            </p>
          </div>

          <fieldset className={styles.group}>
            <legend>{text.hours}</legend>
            <div className={styles.segmented}>
              {VISIBILITY_HOURS.map((value) => (
                <label key={value} className={styles.segment}>
                  <input
                    type="radio"
                    name={`${id}-hours`}
                    value={value}
                    checked={hours === value}
                    onChange={() => setHours(value)}
                  />
                  {text.hoursOption(value)}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      )}

      <div className={styles.actions}>
        {sharing.type !== VISIBILITY_HIDDEN && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              positionSharing.hide();
              setType(VISIBILITY_HIDDEN);
              toast(text.stopped, 'ok');
            }}
          >
            {text.stop}
          </button>
        )}
        <button type="submit" className="btn btn-primary">
          {text.save}
        </button>
      </div>
    </form>
  );
}
