import { useEffect, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { Building2, MapPin } from 'lucide-react';
import { SEARCH_DEBOUNCE_MS } from '@nomadas/shared';
import { fetchSearchSuggestions, type SearchResults } from '../../../api/queries/search';
import { esSearch } from '../../../i18n/es.search';
import { Avatar } from '../../Avatar/Avatar';
import { CLOSED, comboboxKey, suggestionGroups, type ComboboxState, type Suggestion } from './comboboxModel';
import { createSuggestionsController, IDLE, type SuggestionsState } from './suggestionsController';
import { optionId, SuggestionList } from './SuggestionList';
import styles from './Search.module.css';

/** What the text box's ARIA attributes say about the list. */
export interface ComboboxView {
  expanded: boolean;
  activeId: string | undefined;
}

/** The box's keydown, handed over to the list: true when the key was the list's. */
export type KeyHandler = (event: KeyboardEvent<HTMLInputElement>) => boolean;

export interface SuggestionsProps {
  text: string;
  listboxId: string;
  /** A popup under the header's box, or the whole phone sheet below its box. */
  layout: 'popup' | 'sheet';
  /** The search form: focus or a click inside it keeps the popup open. */
  container: RefObject<HTMLElement | null>;
  /** Filled in with this list's key handling while it is mounted. */
  keyHandlerRef: RefObject<KeyHandler | null>;
  onView: (view: ComboboxView) => void;
  onChoose: (suggestion: Suggestion) => void;
  onClear: () => void;
}

function useSuggestions(text: string): SuggestionsState<SearchResults> {
  const [state, setState] = useState<SuggestionsState<SearchResults>>(IDLE);
  const [controller] = useState(() =>
    createSuggestionsController<SearchResults>({
      delayMs: SEARCH_DEBOUNCE_MS,
      load: fetchSearchSuggestions,
      onChange: setState,
    }),
  );
  useEffect(() => controller.input(text), [controller, text]);
  useEffect(() => () => controller.dispose(), [controller]);
  return state;
}

/**
 * The suggestions of the header's search box (spec §2): grouped Hashtags / Usuarios / Canales / Lugares /
 * Poblaciones, as the
 * listbox of a WAI-ARIA 1.2 combobox. Focus stays in the box; the arrows move the highlighted option
 * (its aria-activedescendant), Enter opens it, Escape closes the list and a second Escape empties the box.
 * Its own chunk, loaded on the box's first focus.
 */
export default function Suggestions({
  text,
  listboxId,
  layout,
  container,
  keyHandlerRef,
  onView,
  onChoose,
  onClear,
}: SuggestionsProps) {
  const state = useSuggestions(text);
  const groups = useMemo(() => suggestionGroups(state.results), [state.results]);
  const options = useMemo(() => groups.flatMap((group) => group.items), [groups]);
  const hasText = text.trim() !== '';
  // Mounted by the box's first focus, maybe after some typing already: the list is then open.
  const [combo, setCombo] = useState<ComboboxState>(() =>
    hasText && container.current?.contains(document.activeElement) ? { open: true, active: -1 } : CLOSED,
  );

  // Typing opens the list again with nothing highlighted; a new answer also clears the highlight.
  const [seen, setSeen] = useState({ text, options });
  if (seen.text !== text || seen.options !== options) {
    setSeen({ text, options });
    setCombo((current) => (seen.text !== text ? { open: hasText, active: -1 } : { ...current, active: -1 }));
  }

  // The phone sheet has no popup to dismiss: its list shows whenever there are options.
  const effective: ComboboxState = layout === 'sheet' ? { ...combo, open: true } : combo;
  const expanded = effective.open && options.length > 0;
  const activeId = expanded && combo.active >= 0 ? optionId(listboxId, combo.active) : undefined;

  useEffect(() => onView({ expanded, activeId }), [onView, expanded, activeId]);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  useEffect(() => {
    keyHandlerRef.current = (event) => {
      // In the sheet Escape is the dialog's: it closes the search.
      if (layout === 'sheet' && event.key === 'Escape') return false;
      const outcome = comboboxKey(effective, event.key, options.length, event.currentTarget.value !== '');
      if (!outcome.handled) return false;
      setCombo(outcome.state);
      if (outcome.choose !== undefined) onChoose(options[outcome.choose]!);
      if (outcome.clear) onClear();
      return true;
    };
  });
  useEffect(
    () => () => {
      keyHandlerRef.current = null;
    },
    [keyHandlerRef],
  );

  // The popup closes when focus or a click goes elsewhere, and opens again when focus comes back.
  useEffect(() => {
    const box = container.current;
    if (!box || layout === 'sheet') return;
    const inside = (target: EventTarget | null) => target instanceof Node && box.contains(target);
    const onFocusIn = () => setCombo((current) => (current.open ? current : { open: true, active: -1 }));
    const onFocusOut = (event: FocusEvent) => {
      if (!inside(event.relatedTarget)) setCombo(CLOSED);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) setCombo(CLOSED);
    };
    box.addEventListener('focusin', onFocusIn);
    box.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      box.removeEventListener('focusin', onFocusIn);
      box.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [container, layout]);

  const busy = state.status === 'waiting' || state.status === 'loading';
  let message: string | null = null;
  if (busy && options.length === 0) message = esSearch.loading;
  else if (state.status === 'done' && options.length === 0) message = esSearch.noResults;
  else if (state.status === 'failed') message = esSearch.failed;
  const announcement =
    state.status === 'done'
      ? options.length > 0
        ? esSearch.found(options.length)
        : esSearch.noResults
      : state.status === 'failed'
        ? esSearch.failed
        : '';

  const showPanel = layout === 'sheet' || (combo.open && hasText && state.status !== 'idle');
  const panelClass = layout === 'sheet' ? styles.sheetPanel : styles.popup;

  return (
    <>
      <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
        {announcement}
      </div>
      <div className={panelClass} hidden={!showPanel}>
        {layout === 'sheet' && !hasText && (
          <div className={styles.hint}>
            <p>{esSearch.sheetHint}</p>
            <p className={styles.tip}>{esSearch.sheetTip}</p>
          </div>
        )}
        {hasText && message && (
          <p className={styles.message}>
            {busy && options.length === 0 ? (
              <>
                <span className={styles.bone} aria-hidden="true" />
                {message}
              </>
            ) : (
              message
            )}
          </p>
        )}
        <SuggestionList
          listboxId={listboxId}
          label={esSearch.listLabel}
          busy={busy}
          expanded={expanded}
          groups={groups}
          groupLabel={(group) => esSearch.groups[group.kind]}
          active={combo.active}
          glyph={glyph}
          onChoose={onChoose}
        />
      </div>
    </>
  );
}

/** A hashtag's '#', a place's pin, a town's building, or the user's or channel's picture. */
function glyph(item: Suggestion) {
  if (item.kind === 'u' || item.kind === 'c') return <Avatar name={item.label} src={item.img} size={36} />;
  return (
    <span className={styles.tagGlyph} aria-hidden="true">
      {item.kind === 'p' ? '#' : item.kind === 'l' ? <MapPin size={18} /> : <Building2 size={18} />}
    </span>
  );
}
