import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import { es } from '../../i18n/es';
import styles from './Header.module.css';

/**
 * The header search (spec §2). Suggestions arrive with the search feature; until then Enter goes straight to
 * a hashtag (#viaje or viaje → /tags/viaje) or a user (@marta → /perfil/marta).
 */
export function SearchBox({ autoFocus, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const id = useId();
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('q') as HTMLInputElement;
    const text = input.value.trim();
    if (!text) return;
    const word = text.replace(/^[#@]/, '').split(/\s+/)[0] ?? '';
    if (!word) return;
    navigate(
      text.startsWith('@') ? `/perfil/${encodeURIComponent(word)}` : `/tags/${encodeURIComponent(word)}`,
    );
    input.value = '';
    input.blur();
    onDone?.();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && onDone) {
      event.preventDefault();
      onDone();
    }
  }

  return (
    <form role="search" className={styles.search} onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        {es.header.searchLabel}
      </label>
      <Search aria-hidden="true" size={18} className={styles.searchIcon} />
      <input
        id={id}
        name="q"
        type="search"
        placeholder={es.header.searchPlaceholder}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={120}
        autoFocus={autoFocus}
        onKeyDown={onKeyDown}
      />
    </form>
  );
}
