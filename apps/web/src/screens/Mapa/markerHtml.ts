import type { MapKind } from '@nomadas/shared';
import { KIND_COLORS } from '../../map/kinds';
import { colorFor, initialsOf } from '../../components/Avatar/initials';

// The markers are Leaflet divIcons: HTML strings, no image files. The glyphs are lucide's (ISC licence),
// the same as KIND_ICONS draws in the list and the sheet.
const GLYPHS: Record<MapKind, string> = {
  default:
    '<path d="M18 19V9a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v8a2 2 0 0 0 2 2h2"/><path d="M2 9h3a1 1 0 0 1 1 1v2a1 1 0 0 1-1 1H2"/><path d="M22 17v1a1 1 0 0 1-1 1H10v-9a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1v9"/><circle cx="8" cy="19" r="2"/>',
  glp: '<path d="M14 13h2a2 2 0 0 1 2 2v2a2 2 0 0 0 4 0v-6.998a2 2 0 0 0-.59-1.42L18 5"/><path d="M14 21V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v16"/><path d="M2 21h13"/><path d="M3 9h11"/>',
  ubic: '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"/><circle cx="12" cy="10" r="3"/>',
  iniruta: '<path d="M6 22V2.8a.8.8 0 0 1 1.17-.71l11.38 5.69a.8.8 0 0 1 0 1.44L6 15.5"/>',
  finruta:
    '<path d="M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.333 2q2 0 3.067-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.528"/>',
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text and attribute values inside the HTML strings: user data never becomes markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

const svg = (kind: MapKind, size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${GLYPHS[kind]}</svg>`;

/** A place: its kind's glyph on its colour; the label is read by screen readers (the marker is a button). */
export function placeMarkerHtml(
  kind: MapKind,
  label: string,
  classes: { pin: string; draft?: string; hidden: string },
  draft: boolean,
  /** A short tag beside the pin (an LPG station's price), hidden from screen readers: the label says it. */
  tag?: { text: string; className: string },
): string {
  const shownTag = tag
    ? `<span class="${tag.className}" aria-hidden="true">${escapeHtml(tag.text)}</span>`
    : '';
  return `<span class="${classes.pin}${draft && classes.draft ? ` ${classes.draft}` : ''}" style="--kind:${KIND_COLORS[kind]}">${svg(kind, 18)}</span>${shownTag}<span class="${classes.hidden}">${escapeHtml(label)}</span>`;
}

/** A cluster bubble with its count. */
export function clusterMarkerHtml(
  count: number,
  label: string,
  classes: { bubble: string; hidden: string },
): string {
  const shown = count >= 1000 ? `${Math.floor(count / 1000)}k` : String(count);
  return `<span class="${classes.bubble}" aria-hidden="true">${shown}</span><span class="${classes.hidden}">${escapeHtml(label)}</span>`;
}

/** A friend's approximate position: their avatar (or initials), a link to their profile. */
export function friendMarkerHtml(
  friend: { u: string; i: string; lat: number; lng: number },
  label: string,
  classes: { friend: string; initials: string },
): string {
  const { u: username, i: img } = friend;
  const href = `/perfil/${encodeURIComponent(username)}`;
  const face = img
    ? `<img src="${escapeHtml(img)}" alt="" width="40" height="40" decoding="async">`
    : `<span class="${classes.initials}" style="background:${colorFor(username)}">${escapeHtml(initialsOf(username))}</span>`;
  return `<a class="${classes.friend}" href="${escapeHtml(href)}" data-route="${escapeHtml(href)}" aria-label="${escapeHtml(label)}" data-user="${escapeHtml(username)}" data-lat="${friend.lat}" data-lng="${friend.lng}">${face}</a>`;
}
