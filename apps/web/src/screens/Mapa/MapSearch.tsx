import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Building2, MapPin, Search } from 'lucide-react';
import { SEARCH_DEBOUNCE_MS, SEARCH_TEXT_MAX } from '@nomadas/shared';
import { searchSavedPlaces } from '../../api/offlinePlaces';
import { fetchSearchSuggestions } from '../../api/queries/search';
import {
  CLOSED,
  comboboxKey,
  type ComboboxState,
  type Suggestion,
} from '../../components/Header/search/comboboxModel';
import {
  createSuggestionsController,
  IDLE,
  type SuggestionsState,
} from '../../components/Header/search/suggestionsController';
import { optionId, SuggestionList } from '../../components/Header/search/SuggestionList';
import { esMapaSearch } from '../../i18n/screens/mapaSearch';
import { MAP_SEARCH_MAX, onlineAnswer, savedAnswer, type MapSearchAnswer } from './mapSearch';
import styles from './MapSearch.module.css';

const text = esMapaSearch;

/** The server's places and towns; without an answer (no connection), the places saved on the device. */
async function loadAnswer(typed: string, signal: AbortSignal): Promise<MapSearchAnswer | null> {
  const online = navigator.onLine ? await fetchSearchSuggestions(typed, signal, 'map') : null;
  if (online) return onlineAnswer(online);
  if (signal.aborted) return null;
  const saved = await searchSavedPlaces(typed, MAP_SEARCH_MAX).catch(() => []);
  return saved.length > 0 || !navigator.onLine ? savedAnswer(saved) : null;
}

function useMapSearch(typed: string): SuggestionsState<MapSearchAnswer> {
  const [state, setState] = useState<SuggestionsState<MapSearchAnswer>>(IDLE);
  const [controller] = useState(() =>
    createSuggestionsController<MapSearchAnswer>({
      delayMs: SEARCH_DEBOUNCE_MS,
      load: loadAnswer,
      onChange: setState,
    }),
  );
  useEffect(() => controller.input(typed), [controller, typed]);
  useEffect(() => () => controller.dispose(), [controller]);
  return state;
}

/**
 * The map's own search box (issue #32), a WAI-ARIA 1.2 combobox with a listbox popup: places (Lugares) and
 * towns (Poblaciones) as the typing pauses; the arrows move the highlighted option, Enter opens it (the first
 * when none is highlighted), Escape closes the list and a second Escape empties the box. A town centres the
 * map on it, a place opens its sheet.
 */
export function MapSearch({ onChoose }: { onChoose: (suggestion: Suggestion) => void }) {
  const id = useId();
  const listboxId = `${id}-resultados`;
  const box = useRef<HTMLDivElement>(null);
  const [typed, setTyped] = useState('');
  const [combo, setCombo] = useState<ComboboxState>(CLOSED);
  const state = useMapSearch(typed);
  const groups = useMemo(() => state.results?.groups ?? [], [state.results]);
  const options = useMemo(() => groups.flatMap((group) => group.items), [groups]);
  const hasText = typed.trim() !== '';

  // A new answer clears the highlight.
  const [seen, setSeen] = useState(options);
  if (seen !== options) {
    setSeen(options);
    setCombo((current) => ({ ...current, active: -1 }));
  }

  const expanded = combo.open && hasText && options.length > 0;
  const activeId = expanded && combo.active >= 0 ? optionId(listboxId, combo.active) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  // The list closes when focus or a click goes elsewhere.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const inside = (target: EventTarget | null) => target instanceof Node && element.contains(target);
    const onFocusOut = (event: FocusEvent) => {
      if (!inside(event.relatedTarget)) setCombo(CLOSED);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) setCombo(CLOSED);
    };
    element.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      element.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  function choose(suggestion: Suggestion) {
    setCombo(CLOSED);
    setTyped(suggestion.label);
    onChoose(suggestion);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && combo.active < 0 && options.length > 0 && hasText) {
      event.preventDefault();
      choose(options[0]!);
      return;
    }
    const outcome = comboboxKey(
      { open: combo.open && hasText, active: combo.active },
      event.key,
      options.length,
      event.currentTarget.value !== '',
    );
    if (!outcome.handled) return;
    event.preventDefault();
    setCombo(outcome.state);
    if (outcome.choose !== undefined) choose(options[outcome.choose]!);
    if (outcome.clear) setTyped('');
  }

  const busy = state.status === 'waiting' || state.status === 'loading';
  let message = '';
  if (hasText && busy && options.length === 0) message = text.loading;
  else if (hasText && state.status === 'done' && options.length === 0) message = text.noResults;
  else if (hasText && state.status === 'failed') message = text.failed;
  const announcement =
    state.status === 'done'
      ? options.length > 0
        ? text.found(options.length)
        : text.noResults
      : state.status === 'failed'
        ? text.failed
        : '';
  const showPanel = combo.open && hasText && (options.length > 0 || message !== '');

  return (
    <div ref={box} className={styles.search} role="search">
      <label htmlFor={id} className="visually-hidden">
        {text.label}
      </label>
      <Search aria-hidden="true" size={18} className={styles.icon} />
      <input
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeId}
        placeholder={text.placeholder}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={SEARCH_TEXT_MAX}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setCombo({ open: true, active: -1 });
        }}
        onFocus={() => setCombo((current) => (current.open ? current : { open: true, active: -1 }))}
        onKeyDown={onKeyDown}
      />
      <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
        {hasText ? announcement : ''}
      </div>
      <div className={styles.popup} hidden={!showPanel}>
        {message && <p className={styles.message}>{message}</p>}
        {state.results?.saved && options.length > 0 && <p className={styles.message}>{text.savedOnly}</p>}
        <SuggestionList
          listboxId={listboxId}
          label={text.listLabel}
          busy={busy}
          expanded={expanded}
          groups={groups}
          groupLabel={(group) => (group.kind === 'l' ? text.places : text.towns)}
          active={combo.active}
          glyph={(item) =>
            item.kind === 'l' ? (
              <MapPin aria-hidden="true" size={18} className={styles.glyph} />
            ) : (
              <Building2 aria-hidden="true" size={18} className={styles.glyph} />
            )
          }
          onChoose={choose}
        />
      </div>
    </div>
  );
}
