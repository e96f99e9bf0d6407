import {
  lazy,
  Suspense,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import { SEARCH_TEXT_MAX } from '@nomadas/shared';
import { es } from '../../i18n/es';
import type { Suggestion } from './search/comboboxModel';
import type { ComboboxView, KeyHandler } from './search/Suggestions';
import styles from './Header.module.css';

// The suggestions are their own chunk: fetched when a pointer comes near the box, mounted on its first focus.
const loadSuggestions = () => import('./search/Suggestions');
const Suggestions = lazy(loadSuggestions);
const preloadSuggestions = () => void loadSuggestions();

const COLLAPSED: ComboboxView = { expanded: false, activeId: undefined };

/** Enter with no suggestion highlighted: #viaje or viaje → /tags/viaje, @marta → /perfil/marta. */
function guessedTarget(text: string): string | null {
  const word = text.replace(/^[#@]/, '').split(/\s+/)[0] ?? '';
  if (!word) return null;
  return text.startsWith('@') ? `/perfil/${encodeURIComponent(word)}` : `/tags/${encodeURIComponent(word)}`;
}

export interface SearchBoxProps {
  /** 'popup' in the header (desktop); 'sheet' inside the phone's full-screen search. */
  layout?: 'popup' | 'sheet';
  /** Marks the box as the first focus of the dialog around it (`data-autofocus`). */
  autoFocus?: boolean;
  /** Called once the search has taken the user somewhere. */
  onDone?: () => void;
  /** Shown before the box, on its row (the sheet's back button). */
  leading?: ReactNode;
}

/**
 * The header search (spec §2), a WAI-ARIA combobox: suggestions appear as the typing pauses (500 ms) and
 * open with the arrows and Enter, or with a click. Enter with nothing highlighted goes straight to a
 * hashtag or a user.
 */
export function SearchBox({ layout = 'popup', autoFocus, onDone, leading }: SearchBoxProps) {
  const id = useId();
  const listboxId = `${id}-sugerencias`;
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const keyHandler = useRef<KeyHandler | null>(null);
  const [text, setText] = useState('');
  const [awake, setAwake] = useState(Boolean(autoFocus));
  const [view, setView] = useState<ComboboxView>(COLLAPSED);

  function go(href: string) {
    setText('');
    navigate(href);
    // On desktop the new page's content comes next for the keyboard; the sheet returns focus itself.
    if (layout === 'popup') document.getElementById('contenido')?.focus({ preventScroll: true });
    onDone?.();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = guessedTarget(text.trim());
    if (target) go(target);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (keyHandler.current?.(event)) event.preventDefault();
  }

  return (
    <form
      ref={form}
      role="search"
      className={`${styles.search} ${layout === 'sheet' ? styles.searchSheet : ''}`}
      onSubmit={onSubmit}
    >
      <div className={styles.searchLine}>
        {leading}
        <label htmlFor={id} className="visually-hidden">
          {es.header.searchLabel}
        </label>
        <div className={styles.searchField}>
          <Search aria-hidden="true" size={18} className={styles.searchIcon} />
          <input
            id={id}
            name="q"
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={view.expanded}
            aria-controls={awake ? listboxId : undefined}
            aria-activedescendant={view.activeId}
            placeholder={es.header.searchPlaceholder}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={SEARCH_TEXT_MAX}
            // Focused by the dialog it is in (useModalLayer), which first notes the opener to return to.
            data-autofocus={autoFocus ? '' : undefined}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onFocus={() => setAwake(true)}
            onPointerEnter={preloadSuggestions}
            onKeyDown={onKeyDown}
          />
        </div>
      </div>
      {awake && (
        <Suspense fallback={null}>
          <Suggestions
            text={text}
            listboxId={listboxId}
            layout={layout}
            container={form}
            keyHandlerRef={keyHandler}
            onView={setView}
            onChoose={(suggestion: Suggestion) => go(suggestion.href)}
            onClear={() => setText('')}
          />
        </Suspense>
      )}
    </form>
  );
}
