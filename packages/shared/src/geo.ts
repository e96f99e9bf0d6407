import { EARTH_RADIUS_KM } from './constants.js';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Spec §5: numbers, longitude strictly inside ±180, latitude strictly inside ±90. */
export function isValidCoordinates(latitude: unknown, longitude: unknown): boolean {
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    latitude > -90 &&
    latitude < 90 &&
    longitude > -180 &&
    longitude < 180
  );
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine, earth radius 6371 km). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A point chosen uniformly at random within `rangeMetres` of the real one, so that a shared
 * position never reveals where someone actually is. `random` is injectable for tests.
 */
export function obfuscateCoordinates(
  position: Coordinates,
  rangeMetres: number,
  random: () => number = Math.random,
): Coordinates {
  const distance = rangeMetres * Math.sqrt(random());
  const bearing = 2 * Math.PI * random();
  const angular = distance / 1000 / EARTH_RADIUS_KM;
  const lat1 = toRadians(position.latitude);
  const lng1 = toRadians(position.longitude);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
  );
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { latitude: (lat2 * 180) / Math.PI, longitude: (((lng2 * 180) / Math.PI + 540) % 360) - 180 };
}

/**
 * The point a nomad shows while the real one stays within `rangeMetres` of it: `shown` as it is, or a new one
 * drawn within the range once the real point has left that disc (or when there is none yet). Repeated
 * samples from one spot are then the same point, and no average of them comes closer than the first one did
 * (DESIGN.md §6); a new point is drawn only after a move of the order of the range.
 */
export function stableObfuscation(
  real: Coordinates,
  shown: Coordinates | null,
  rangeMetres: number,
  random: () => number = Math.random,
): Coordinates {
  if (shown && distanceKm(real, shown) * 1000 <= rangeMetres) return shown;
  return obfuscateCoordinates(real, rangeMetres, random);
}

/**
 * A live position as the server stores and relays it: snapped to a grid whose cells are at least 111 m
 * each way (0.001° of latitude; of longitude, the whole multiple of 0.001° that is 111 m or more at the
 * cell row's latitude: 0.002° in Spain), so no precision finer than about 100 m leaves the server whatever
 * a client sends, and two points in one cell are the same point. Stays strictly inside spec §5's limits.
 */
export function coarsenCoordinates(position: Coordinates): Coordinates {
  // Whole thousandths of a degree, so each cell's corner prints as a short decimal.
  const latitude = clamp(Math.round(position.latitude * 1000), -89_999, 89_999) / 1000;
  const lngStep = Math.ceil(1 / Math.cos(toRadians(latitude)) - 1e-9);
  let lngSteps = Math.round((position.longitude * 1000) / lngStep);
  // ±180 itself is outside spec §5: the cell on this side of the antimeridian instead.
  if (Math.abs(lngSteps * lngStep) >= 180_000) lngSteps -= Math.sign(lngSteps);
  return { latitude, longitude: (lngSteps * lngStep) / 1000 };
}

/** A box `[west, south, east, north]` in degrees. */
export type Bbox = [number, number, number, number];

/** Is the point inside `box` (edges included)? A box whose west is east of its east crosses the antimeridian. */
export function bboxContains(box: Bbox, latitude: number, longitude: number): boolean {
  const [west, south, east, north] = box;
  if (latitude < south || latitude > north) return false;
  return west <= east ? longitude >= west && longitude <= east : longitude >= west || longitude <= east;
}

/** Grid steps, in degrees, of the cells the map asks for: coarser when more of the map is in view. */
const MAP_CELL_STEPS = [64, 32, 16, 8, 4, 2, 1, 0.5, 0.25, 0.125, 0.0625];
/** Spec §5: strictly inside ±180 and ±90. */
const EDGE = 0.000001;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The cells of a fixed grid that cover a view, each one box for GET /api/map/points: a pan asks only for the
 * cells it uncovers, and people looking at the same area ask for the same boxes (the browser's cache and the
 * server's shared answers serve them). The step is the largest that fits in the view, so a view takes
 * 2 × 2 to 3 × 3 cells. Cells stay strictly inside the limits of spec §5.
 */
export function mapCells(view: Bbox): Bbox[] {
  const [west, east] = [clamp(view[0], -180, 180), clamp(view[2], -180, 180)];
  const [south, north] = [clamp(view[1], -90, 90), clamp(view[3], -90, 90)];
  const size = Math.max(east - west, north - south);
  const step = MAP_CELL_STEPS.find((s) => s <= size) ?? MAP_CELL_STEPS.at(-1)!;
  const cells: Bbox[] = [];
  for (let s = Math.floor(south / step) * step; s < north; s += step) {
    for (let w = Math.floor(west / step) * step; w < east; w += step) {
      const cell: Bbox = [
        clamp(w, -180 + EDGE, 180 - 2 * EDGE),
        clamp(s, -90 + EDGE, 90 - 2 * EDGE),
        clamp(w + step, -180 + 2 * EDGE, 180 - EDGE),
        clamp(s + step, -90 + 2 * EDGE, 90 - EDGE),
      ];
      if (cell[0] < cell[2] && cell[1] < cell[3]) cells.push(cell);
    }
  }
  return cells;
}
