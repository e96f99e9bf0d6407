import type { ReactNode } from 'react';
import type { Suggestion, SuggestionGroup } from './comboboxModel';
import styles from './SuggestionList.module.css';

/** The id of the list's option at `index`, which the box's aria-activedescendant names while it is highlighted. */
export const optionId = (listboxId: string, index: number) => `${listboxId}-${index}`;

interface SuggestionListProps {
  listboxId: string;
  label: string;
  /** An older answer is shown while the next is awaited: dimmed, and aria-busy. */
  busy: boolean;
  expanded: boolean;
  groups: readonly SuggestionGroup[];
  groupLabel: (group: SuggestionGroup) => string;
  /** The highlighted option's index over all groups, -1 for none. */
  active: number;
  glyph: (item: Suggestion) => ReactNode;
  onChoose: (item: Suggestion) => void;
}

/**
 * A combobox's popup (WAI-ARIA 1.2 listbox with groups), shared by the header's search and the map's: focus stays
 * in the box, which moves the highlighted option; a click chooses without blurring the box first.
 */
export function SuggestionList({
  listboxId,
  label,
  busy,
  expanded,
  groups,
  groupLabel,
  active,
  glyph,
  onChoose,
}: SuggestionListProps) {
  let index = -1;
  return (
    <div
      role="listbox"
      id={listboxId}
      aria-label={label}
      aria-busy={busy}
      hidden={!expanded}
      className={busy ? styles.stale : undefined}
    >
      {groups.map((group) => {
        const labelId = `${listboxId}-${group.kind}`;
        return (
          <ul key={group.kind} role="group" aria-labelledby={labelId} className={styles.group}>
            <li role="presentation" id={labelId} className={styles.groupLabel}>
              {groupLabel(group)}
            </li>
            {group.items.map((item) => {
              index++;
              return (
                <li
                  key={item.href}
                  id={optionId(listboxId, index)}
                  role="option"
                  aria-selected={index === active}
                  className={styles.option}
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={() => onChoose(item)}
                >
                  {glyph(item)}
                  <span className={styles.label}>
                    {item.label}
                    {item.detail && <span className={styles.detail}>{item.detail}</span>}
                  </span>
                </li>
              );
            })}
          </ul>
        );
      })}
    </div>
  );
}
