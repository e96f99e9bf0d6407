import { useEffect, useMemo, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { Apple, Caravan, Flag, Leaf, Lightbulb, Search, Shapes, Smile, Volleyball, X } from 'lucide-react';
import catalogue from 'virtual:emoji-catalogue';
import { createEmojiIndex, EMOJI_CATEGORIES, type EmojiCategory } from '../../chat/emojiSearch';
import { esChat } from '../../i18n/screens/chat';
import styles from './EmojiPicker.module.css';

const e = esChat.emoji;

const ICONS: Record<EmojiCategory, ComponentType<{ size?: number; 'aria-hidden'?: 'true' }>> = {
  people: Smile,
  nature: Leaf,
  foods: Apple,
  activity: Volleyball,
  places: Caravan,
  objects: Lightbulb,
  symbols: Shapes,
  flags: Flag,
};

/**
 * The emoji picker (spec §2): the eight categories of emojibase's Spanish data, searchable by Spanish
 * names and keywords. Keyboard: arrows move in the category tabs and in the grid, Enter inserts, Escape
 * closes (focus goes back to the emoji button); from the search box, ↓ enters the grid.
 */
export default function EmojiPicker({
  id,
  onPick,
  onClose,
}: {
  id: string;
  onPick: (emoji: string) => void;
  onClose: () => void;
}) {
  const index = useMemo(() => createEmojiIndex(catalogue), []);
  const [category, setCategory] = useState(0);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const search = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const searching = query.trim() !== '';
  const emojis = useMemo(
    () => (searching ? index.search(query) : index.inCategory(category)),
    [index, searching, query, category],
  );
  const current = Math.min(active, Math.max(0, emojis.length - 1));

  useEffect(() => {
    search.current?.focus({ preventScroll: true });
  }, []);

  function focusEmoji(position: number) {
    const next = Math.max(0, Math.min(emojis.length - 1, position));
    setActive(next);
    grid.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  }

  function chooseCategory(next: number) {
    setCategory(next);
    setActive(0);
    grid.current?.scrollTo({ top: 0 });
  }

  /** How many emojis one row of the grid holds, as laid out now. */
  function columns(): number {
    const buttons = grid.current?.querySelectorAll<HTMLButtonElement>('button');
    if (!buttons || buttons.length < 2) return 1;
    const top = buttons[0]!.offsetTop;
    let count = 0;
    while (count < buttons.length && buttons[count]!.offsetTop === top) count++;
    return Math.max(1, count);
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, () => number> = {
      ArrowRight: () => current + 1,
      ArrowLeft: () => current - 1,
      ArrowDown: () => current + columns(),
      ArrowUp: () => current - columns(),
      Home: () => 0,
      End: () => emojis.length - 1,
      PageDown: () => current + columns() * 4,
      PageUp: () => current - columns() * 4,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    if (event.key === 'ArrowUp' && current < columns()) {
      search.current?.focus();
      return;
    }
    focusEmoji(move());
  }

  function onTabsKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const count = EMOJI_CATEGORIES.length;
    const target =
      event.key === 'ArrowRight'
        ? (category + 1) % count
        : event.key === 'ArrowLeft'
          ? (category + count - 1) % count
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    chooseCategory(target);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')[target]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape') return;
    // The picker closes, not the whole chat panel.
    event.preventDefault();
    event.stopPropagation();
    onClose();
  }

  const heading = e.categories[EMOJI_CATEGORIES[category]!];

  return (
    <div id={id} className={styles.picker} role="dialog" aria-label={e.title} onKeyDown={onKeyDown}>
      <div className={styles.head}>
        <label className={styles.search}>
          <Search aria-hidden="true" size={18} />
          <span className="visually-hidden">{e.search}</span>
          <input
            ref={search}
            type="search"
            value={query}
            placeholder={e.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' || (event.key === 'Enter' && emojis.length > 0)) {
                event.preventDefault();
                if (event.key === 'Enter') onPick(emojis[0]![0]);
                else focusEmoji(0);
              }
            }}
          />
        </label>
        <button type="button" className={styles.close} onClick={onClose} aria-label={e.close}>
          <X aria-hidden="true" size={20} />
        </button>
      </div>

      {!searching && (
        <div role="tablist" aria-label={e.categoriesLabel} className={styles.tabs} onKeyDown={onTabsKeyDown}>
          {EMOJI_CATEGORIES.map((name, position) => {
            const Icon = ICONS[name];
            return (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={category === position}
                aria-controls={`${id}-grid`}
                tabIndex={category === position ? 0 : -1}
                className={styles.tab}
                title={e.categories[name]}
                aria-label={e.categories[name]}
                onClick={() => chooseCategory(position)}
              >
                <Icon aria-hidden="true" size={20} />
              </button>
            );
          })}
        </div>
      )}

      <div
        id={`${id}-grid`}
        ref={grid}
        className={styles.body}
        role={searching ? 'region' : 'tabpanel'}
        aria-label={searching ? e.search : heading}
      >
        {!searching && <p className={styles.heading}>{heading}</p>}
        {emojis.length === 0 ? (
          <p className={styles.none} role="status">
            {e.noResults}
          </p>
        ) : (
          <div className={styles.grid} onKeyDown={onGridKeyDown}>
            {emojis.map(([emoji, name], position) => (
              <button
                key={emoji}
                type="button"
                className={styles.emoji}
                tabIndex={position === current ? 0 : -1}
                aria-label={name}
                title={name}
                onFocus={() => setActive(position)}
                onClick={() => onPick(emoji)}
              >
                {emoji}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
