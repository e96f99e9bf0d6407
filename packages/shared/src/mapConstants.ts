/** The map (spec §3 "Map icon kinds", §5, §9; DESIGN.md §6): plain constants, free of zod, for the map screen. */

/** Spec §3: what a point on the map is. `default` is a motorhome area. */
export const MAP_KINDS = ['default', 'glp', 'ubic', 'iniruta', 'finruta'] as const;
export type MapKind = (typeof MAP_KINDS)[number];
/** Kinds that are not a night's stay (an LPG station sells fuel): never 'Gratis', never in "Solo gratis". */
export const NOT_A_STAY_KINDS: readonly MapKind[] = ['glp'];
export const isStay = (kind: MapKind) => !NOT_A_STAY_KINDS.includes(kind);

/** What an area offers, in the order the sheet lists them. */
export const MAP_SERVICES = [
  'agua',
  'grises',
  'negras',
  'electricidad',
  'duchas',
  'wc',
  'wifi',
  'sombra',
  'lavanderia',
] as const;
export type MapService = (typeof MAP_SERVICES)[number];

/** GET /api/map/points answers at most this many points per box (`data.total` says how many there are). */
export const MAP_POINTS_MAX = 20_000;
/** Vehicle limits a filter may ask for, in metres. */
export const MAP_VEHICLE_LENGTH_MAX = 30;
export const MAP_VEHICLE_HEIGHT_MAX = 6;
export const MAP_REVIEW_TEXT_MAX = 1000;
export const MAP_LOCATION_NAME_MAX = 120;
export const MAP_LOCATION_DESCRIPTION_MAX = 2000;
/** Photos each user may add to a place (issue #32). */
export const MAP_LOCATION_PHOTOS_MAX = 6;
/** Photos a place's sheet holds in all, everybody's together. */
export const MAP_LOCATION_PHOTOS_TOTAL = 36;
/** Places GET /api/map/saved answers ("Mis lugares"), the last saved first. */
export const MAP_SAVED_PLACES_MAX = 500;
/** Wall posts from a place shown on its sheet. */
export const MAP_SHEET_POSTS = 9;
/** Places the post composer offers, nearest first, within this distance. */
export const MAP_NEARBY_MAX = 8;
export const MAP_NEARBY_KM = 25;
/** "GLP más barato cerca" (GET /api/map/glp): stations with a price within LPG_NEAR_KM (at most _MAX_KM), cheapest first. */
export const LPG_NEAR_KM = 50;
export const LPG_NEAR_MAX_KM = 100;
export const LPG_NEAR_MAX = 20;
/** A price older than this, or of a station the source no longer lists, is shown as stale. */
export const LPG_STALE_DAYS = 7;

/** The offline sheet of a place (GET /api/map/offline): its last reviews and texts, cut to fit 10,000 in 3 MB. */
export const MAP_OFFLINE_REVIEWS = 3;
export const MAP_OFFLINE_REVIEW_CHARS = 120;
export const MAP_OFFLINE_DESCRIPTION_CHARS = 200;

/**
 * Live positions (spec §3 visibility type): 0 hidden, 1 shown to friends (the default), 2 shown to every
 * registered user. The server forgets a point after POSITION_FORGET_MS without an update, and at its `until`.
 */
export const VISIBILITY_HIDDEN = 0;
export const VISIBILITY_FRIENDS = 1;
export const VISIBILITY_EVERYONE = 2;
export const VISIBILITY_HOURS = [1, 8, 24] as const;
export const POSITION_FORGET_MS = 2 * 60_000;
export const VISIBILITY_RANGE_MIN = 1;
export const VISIBILITY_RANGE_MAX = 50_000;
