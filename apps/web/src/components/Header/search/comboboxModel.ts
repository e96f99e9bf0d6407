import type { SearchResults } from '@nomadas/shared/schemas';

export type SuggestionKind = 'p' | 'u' | 'c' | 'l' | 't';

export interface Suggestion {
  kind: SuggestionKind;
  /** What the option shows: a hashtag without its '#' (a glyph stands for it), a username, a channel's name. */
  label: string;
  /** Where choosing it goes (spec §2 "Search suggestions"). */
  href: string;
  /** Avatar or channel picture; '' for none (a hashtag shows a # glyph, a place or a town a pin). */
  img: string;
  /** A place's town and province, a town's province; '' for the others. */
  detail: string;
  /** Where a place or a town is on the map. */
  at?: { lat: number; lng: number };
}

export interface SuggestionGroup {
  kind: SuggestionKind;
  items: Suggestion[];
}

const path = (value: string) => encodeURIComponent(value);

/** The zoom a town opens the map at: its streets and the places around it. */
export const TOWN_ZOOM = 12;

/** The map centred on a point (/mapa reads it): a town's suggestion. */
export const mapAt = (lat: number, lng: number, zoom = TOWN_ZOOM) =>
  `/mapa?lat=${lat.toFixed(5)}&lng=${lng.toFixed(5)}&z=${zoom}`;

/** A place's town and province, without the empty ones or the town repeated. */
const placeDetail = (town: string, province: string) =>
  [...new Set([town, province].filter(Boolean))].join(', ');

/** The places and towns of an answer as options: a place opens its sheet, a town the map centred on it. */
export function placeGroups(results: Pick<SearchResults, 'l' | 't'>): SuggestionGroup[] {
  return [
    {
      kind: 'l' as const,
      items: results.l.map((place) => ({
        kind: 'l' as const,
        label: place.nombre,
        href: `/mapa/location/${path(place.urlpoint)}`,
        img: '',
        detail: placeDetail(place.municipio, place.provincia),
        at: { lat: place.lat, lng: place.lng },
      })),
    },
    {
      kind: 't' as const,
      items: results.t.map((town) => ({
        kind: 't' as const,
        label: town.nombre,
        href: mapAt(town.lat, town.lng),
        img: '',
        detail: town.provincia,
        at: { lat: town.lat, lng: town.lng },
      })),
    },
  ].filter((group) => group.items.length > 0);
}

/** The answer as the list shows it: Hashtags, Usuarios, Canales, Lugares, Poblaciones, empty groups left out. */
export function suggestionGroups(results: SearchResults | null): SuggestionGroup[] {
  if (!results) return [];
  const groups: SuggestionGroup[] = [
    {
      kind: 'p',
      items: results.p.map(({ hashtag }) => ({
        kind: 'p',
        label: hashtag,
        href: `/tags/${path(hashtag)}`,
        img: '',
        detail: '',
      })),
    },
    {
      kind: 'u',
      items: results.u.map(({ username, img_perfil }) => ({
        kind: 'u',
        label: username,
        href: `/perfil/${path(username)}`,
        img: img_perfil ?? '',
        detail: '',
      })),
    },
    {
      kind: 'c',
      items: results.c.map(({ nombre, url, img_perfil }) => ({
        kind: 'c',
        label: nombre || url,
        href: `/canales/${path(url)}`,
        img: img_perfil ?? '',
        detail: '',
      })),
    },
  ];
  return [...groups.filter((group) => group.items.length > 0), ...placeGroups(results)];
}

/** `open`: the list may show (the user has not dismissed it); `active`: the highlighted option, -1 for none. */
export interface ComboboxState {
  open: boolean;
  active: number;
}

export const CLOSED: ComboboxState = { open: false, active: -1 };

export interface KeyOutcome {
  state: ComboboxState;
  /** The key was the list's: the browser must not also act on it (move the caret, submit the form). */
  handled: boolean;
  /** Enter on a highlighted option: the index to open. */
  choose?: number;
  /** Escape with the list already closed: empty the box. */
  clear?: boolean;
}

/**
 * The keyboard of the WAI-ARIA 1.2 combobox with a listbox popup (APG "list autocomplete"): focus stays in
 * the text box and the highlighted option is its aria-activedescendant. `count` is the number of options
 * shown, `hasText` whether the box holds any text.
 */
export function comboboxKey(state: ComboboxState, key: string, count: number, hasText: boolean): KeyOutcome {
  const visible = state.open && count > 0;
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { state, handled: false };
      return {
        state: { open: true, active: visible ? (state.active + 1) % count : 0 },
        handled: true,
      };
    case 'ArrowUp':
      if (count === 0) return { state, handled: false };
      return {
        state: { open: true, active: visible && state.active > 0 ? state.active - 1 : count - 1 },
        handled: true,
      };
    case 'Enter':
      if (visible && state.active >= 0 && state.active < count)
        return { state: CLOSED, handled: true, choose: state.active };
      return { state, handled: false };
    case 'Escape':
      if (state.open) return { state: CLOSED, handled: true };
      if (hasText) return { state: CLOSED, handled: true, clear: true };
      return { state, handled: false };
    default:
      return { state, handled: false };
  }
}
