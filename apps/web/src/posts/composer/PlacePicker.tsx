import { useEffect, useRef, useState } from 'react';
import { LoaderCircle, MapPin, X } from 'lucide-react';
import { fetchNearbyPlaces, type MapPlace } from '../../api/queries/nearbyPlaces';
import { esPlacePicker } from '../../i18n/screens/placePicker';
import { locateMe } from '../../map/geolocation';
import { PlaceSearchField } from './PlaceSearchField';
import styles from './PlacePicker.module.css';

const text = esPlacePicker;

type Search =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'found'; places: MapPlace[] }
  | { kind: 'failed'; message: string };

/**
 * The map place a post is made at: nearby places (GET /api/map/nearby), asked for only when the user taps
 * 'Añadir lugar', since it needs the phone's position (which goes to the server, never onto the post); or any
 * place found by its name (PlaceSearchField).
 */
export function PlacePicker({
  value,
  onChange,
}: {
  value: MapPlace | null;
  onChange: (place: MapPlace | null) => void;
}) {
  const [search, setSearch] = useState<Search>({ kind: 'idle' });
  const list = useRef<HTMLFieldSetElement>(null);
  // The places arrive below the fold of the sheet: bring them into view.
  useEffect(() => {
    if (search.kind === 'found') list.current?.scrollIntoView({ block: 'nearest' });
  }, [search.kind]);

  async function findNearby() {
    setSearch({ kind: 'locating' });
    const position = await locateMe();
    if (!position) {
      setSearch({ kind: 'failed', message: text.failed });
      return;
    }
    try {
      setSearch({ kind: 'found', places: await fetchNearbyPlaces(position) });
    } catch {
      setSearch({ kind: 'failed', message: text.failed });
    }
  }

  if (value) {
    return (
      <div className={styles.chosen}>
        <MapPin aria-hidden="true" size={18} />
        <span className={styles.chosenName}>{text.chosen(value.n)}</span>
        <button
          type="button"
          className={styles.remove}
          onClick={() => {
            onChange(null);
            setSearch({ kind: 'idle' });
          }}
          aria-label={text.remove}
        >
          <X aria-hidden="true" size={18} />
        </button>
      </div>
    );
  }

  return (
    <div className={styles.picker}>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void findNearby()}
        aria-busy={search.kind === 'locating' || undefined}
        aria-expanded={search.kind === 'found'}
      >
        {search.kind === 'locating' ? (
          <LoaderCircle aria-hidden="true" size={18} className={styles.spin} />
        ) : (
          <MapPin aria-hidden="true" size={18} />
        )}
        {text.add}
      </button>
      <div role="status" className={styles.status}>
        {search.kind === 'locating' && text.locating}
        {search.kind === 'failed' && search.message}
        {search.kind === 'found' && search.places.length === 0 && text.none}
      </div>
      {search.kind === 'found' && search.places.length > 0 && (
        <fieldset className={styles.places} ref={list}>
          <legend className={styles.title}>{text.title}</legend>
          <ul>
            {search.places.map((place) => (
              <li key={place.u}>
                <button type="button" className={styles.place} onClick={() => onChange(place)}>
                  <MapPin aria-hidden="true" size={18} />
                  <span className={styles.placeName}>{place.n}</span>
                  {place.km !== undefined && <span className={styles.km}>{text.distance(place.km)}</span>}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <PlaceSearchField onChoose={onChange} />
    </div>
  );
}
