import { useEffect, useId, useState } from 'react';
import { MapPin } from 'lucide-react';
import { SEARCH_DEBOUNCE_MS, SEARCH_TEXT_MAX } from '@nomadas/shared';
import type { MapPlace } from '../../api/queries/nearbyPlaces';
import { fetchSearchSuggestions } from '../../api/queries/search';
import {
  createSuggestionsController,
  IDLE,
  type SuggestionsState,
} from '../../components/Header/search/suggestionsController';
import { esPlacePicker } from '../../i18n/screens/placePicker';
import styles from './PlacePicker.module.css';

const text = esPlacePicker;

interface FoundPlace extends MapPlace {
  /** Its town and province. */
  where: string;
}

/** The map's places named like the text (GET /api/search/all/{text}?scope=map), towns left out. */
async function findPlaces(typed: string, signal: AbortSignal): Promise<FoundPlace[] | null> {
  const answer = await fetchSearchSuggestions(typed, signal, 'map');
  return (
    answer?.l.map((place) => ({
      u: place.urlpoint,
      n: place.nombre,
      where: [...new Set([place.municipio, place.provincia].filter(Boolean))].join(', '),
    })) ?? null
  );
}

/**
 * Any place of the map by its name, town or province (issue #32), for a post made far from it: the results
 * come as the typing pauses, each a button that ties the post to it.
 */
export function PlaceSearchField({ onChoose }: { onChoose: (place: MapPlace) => void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<SuggestionsState<FoundPlace[]>>(IDLE);
  const [controller] = useState(() =>
    createSuggestionsController<FoundPlace[]>({
      delayMs: SEARCH_DEBOUNCE_MS,
      load: findPlaces,
      onChange: setState,
    }),
  );
  useEffect(() => controller.input(typed), [controller, typed]);
  useEffect(() => () => controller.dispose(), [controller]);
  const found = typed.trim() ? (state.results ?? []) : [];

  return (
    <div className={styles.picker}>
      <div className="field">
        <label htmlFor={id}>{text.searchLabel}</label>
        <input
          id={id}
          type="search"
          placeholder={text.searchPlaceholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_TEXT_MAX}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <div role="status" className={styles.status}>
        {typed.trim() && state.status === 'done' && found.length === 0 && text.searchNone}
        {typed.trim() && state.status === 'failed' && text.searchFailed}
      </div>
      {found.length > 0 && (
        <fieldset className={styles.places}>
          <legend className={styles.title}>{text.searchTitle}</legend>
          <ul>
            {found.map((place) => (
              <li key={place.u}>
                <button
                  type="button"
                  className={styles.place}
                  onClick={() => onChoose({ u: place.u, n: place.n })}
                >
                  <MapPin aria-hidden="true" size={18} />
                  <span className={styles.placeName}>{place.n}</span>
                  {place.where && <span className={styles.km}>{place.where}</span>}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
