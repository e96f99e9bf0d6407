import { sql } from 'kysely';
import { mapCells, monthsMask, MONTHS_ALL } from '@nomadas/shared';
import type { Db } from '@nomadas/server/db/database';
import { spanishTowns } from '@nomadas/server/modules/map/spanish-towns';

/** DESIGN.md §5: map points in a box are measured at this many places. */
export const BENCH_MAP_POINTS = 100_000;

/** Centres of provinces the bench looks at (lat, lng). */
const PROVINCE_CENTRES: Array<[lat: number, lng: number]> = [
  [42.6, -5.6], // León
  [43.35, -5.9], // Asturias
  [39.4, -0.6], // Valencia
  [37.2, -3.6], // Granada
  [41.6, -1.0], // Zaragoza
  [40.9, -4.1], // Segovia
  [38.9, -6.3], // Badajoz
  [42.0, 2.7], // Girona
];

/**
 * One of the boxes a phone showing a province asks for: a view of about 120 × 120 km somewhere around one
 * of these centres, cut into the grid's cells as the browser cuts it (mapCells), one cell as `w,s,e,n`.
 */
export function provinceViewCell(random: () => number = Math.random): string {
  const [lat, lng] = PROVINCE_CENTRES[Math.floor(random() * PROVINCE_CENTRES.length)]!;
  const centreLat = lat + (random() - 0.5);
  const centreLng = lng + (random() - 0.5);
  const cells = mapCells([centreLng - 0.72, centreLat - 0.54, centreLng + 0.72, centreLat + 0.54]);
  return cells[Math.floor(random() * cells.length)]!.join(',');
}

/**
 * 100k places with set-based SQL, as many in each province (about 1,900), each within a few km of one of the
 * province's GeoNames towns: areas with their services, prices and vehicle limits, one in five an LPG station,
 * a few drafts.
 */
export async function seedMapAtScale(db: Db): Promise<void> {
  const towns = await spanishTowns();
  // Numbered province by province: point i goes to province i % provinces, to one of that province's towns.
  const codes = [...new Set(towns.map((town) => town.code))].sort();
  const byCode = codes.map((code) => towns.filter((town) => town.code === code));
  await sql`create temporary table bench_towns (p int, k int, name text, province text, lat float8, lng float8, primary key (p, k))`.execute(
    db,
  );
  const rows = byCode.flatMap((list, p) => list.map((town, k) => ({ p, k, n: list.length, town })));
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows
      .slice(i, i + 1000)
      .map(({ p, k, town }) => sql`(${p}, ${k}, ${town.name}, ${town.province}, ${town.lat}, ${town.lng})`);
    await sql`insert into bench_towns values ${sql.join(values)}`.execute(db);
  }
  const sizes = sql.raw(`array[${byCode.map((list) => list.length).join(',')}]`);
  await sql`
    insert into map_locations (urlpoint, kind, name, lat, lng, municipality, province, services, price, season,
                               places, max_length, max_height, max_weight, months_open, surface, status,
                               rating_sum, reviews_count)
    select 'bench-lugar-' || i,
           case when i % 5 = 0 then 'glp' else 'default' end,
           case when i % 5 = 0 then 'Gasolinera con GLP ' else 'Área de autocaravanas ' end || i || ' de ' || t.name,
           t.lat + ((i::bigint * 7919) % 2001 - 1000) / 40000.0,
           t.lng + ((i::bigint * 104729) % 2001 - 1000) / 30000.0,
           t.name, t.province,
           case when i % 5 = 0 then '{}'::text[]
                else (array['{agua}', '{agua,grises,negras}', '{agua,grises,negras,electricidad}',
                            '{agua,negras,wc,duchas}'])[1 + i % 4]::text[] end,
           case when i % 2 = 0 then null else 3 + i % 12 end,
           'Todo el año', 5 + i % 40,
           case when i % 3 = 0 then null else 6 + i % 7 end,
           case when i % 4 = 0 then null else 3 + (i % 3) * 0.5 end,
           -- A weight limit on one in five; April to September on one in six, every month on one in six.
           case when i % 5 = 1 then 3.5 end,
           case when i % 6 = 0 then ${sql.lit(monthsMask([4, 5, 6, 7, 8, 9]))} when i % 6 = 1 then ${sql.lit(MONTHS_ALL)} end,
           'asfalto',
           case when i % 97 = 0 then 'draft' else 'public' end,
           case when i % 7 = 0 then 4 * (1 + i % 3) else 0 end,
           case when i % 7 = 0 then 1 + i % 3 else 0 end
    from generate_series(1, ${BENCH_MAP_POINTS}) as i
    join bench_towns t on t.p = i % ${codes.length} and t.k = (i / ${codes.length}) % (${sizes})[1 + i % ${codes.length}]`.execute(
    db,
  );
  await sql`drop table bench_towns`.execute(db);
  // "¿Hay sitio?" said in the last three hours on one area in twenty: the current states the points join.
  await sql`
    insert into place_occupancy (location_id, state, reported_at)
    select id, (array['lleno', 'pocas', 'sitio'])[1 + id % 3], now() - make_interval(mins => (id % 170)::int)
    from map_locations where urlpoint like 'bench-lugar-%' and kind = 'default' and id % 20 = 1`.execute(db);
}
