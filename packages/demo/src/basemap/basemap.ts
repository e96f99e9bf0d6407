import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { BASE_MAP_ATTRIBUTIONS } from '@nomadas/shared';
import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';
import { writePmtiles, type PmtilesTile } from './pmtiles-writer.js';
import { countryBorders, land, places, SOURCE_FILES, spanishBorders } from './sources.js';

/**
 * The demo's base map: one PMTiles archive of vector tiles for Spain, made from packages in the registry so that
 * `npm start` draws a real map with no network. Layers: `earth` (land), `boundaries` (countries, Spain's
 * autonomous regions and provinces, by `kind`) and `places` (towns and neighbouring countries, by `rank`).
 */

/** Where the build writes it, and where the server reads it unless told otherwise (MAP_PMTILES_FILE). */
export const BASEMAP_FILE = fileURLToPath(new URL('../../basemap/espana.pmtiles', import.meta.url));

type Box = [west: number, south: number, east: number, north: number];
/** Whole-Spain views (zoom 5–6) reach from the Azores' sea to Italy's. */
const WIDE: Box = [-24, 25, 14, 49];
/** The peninsula, the Balearics, Ceuta and Melilla with the land around them; the Canaries. */
const DETAIL: Box[] = [
  [-10.5, 34.8, 5.2, 44.6],
  [-18.6, 27.4, -13.0, 29.6],
];
const WORLD_MAX_ZOOM = 4;

function tilesIn([west, south, east, north]: Box, z: number): Array<[number, number]> {
  const n = 2 ** z;
  const x = (lng: number) => Math.min(n - 1, Math.floor(((lng + 180) / 360) * n));
  const y = (lat: number) => {
    const r = (lat * Math.PI) / 180;
    return Math.min(n - 1, Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n));
  };
  const out: Array<[number, number]> = [];
  for (let tx = x(west); tx <= x(east); tx++)
    for (let ty = y(north); ty <= y(south); ty++) out.push([tx, ty]);
  return out;
}

function tileCoordinates(maxZoom: number): Array<[number, number, number]> {
  const seen = new Set<string>();
  const out: Array<[number, number, number]> = [];
  for (let z = 0; z <= maxZoom; z++) {
    const boxes: Box[] = z <= WORLD_MAX_ZOOM ? [[-180, -85, 180, 85]] : z <= 6 ? [WIDE] : DETAIL;
    for (const box of boxes)
      for (const [x, y] of tilesIn(box, z)) {
        const key = `${z}/${x}/${y}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push([z, x, y]);
      }
  }
  return out;
}

const merged = (...tiles: Array<LegacyTile | null>): LegacyTile => ({
  features: tiles.flatMap((tile) => tile?.features ?? []),
});

export interface Basemap {
  archive: Buffer;
  tiles: number;
}

/** Slices the sources with geojson-vt, encodes each tile with vt-pbf and writes the archive. */
export function buildBasemap(maxZoom = 10, inputs = ''): Basemap {
  const options = { maxZoom, indexMaxZoom: 5, extent: 4096, buffer: 64 };
  const worldLand = new GeoJSONVT(land('50m'), { ...options, maxZoom: WORLD_MAX_ZOOM });
  const worldBorders = new GeoJSONVT(countryBorders('50m'), { ...options, maxZoom: WORLD_MAX_ZOOM });
  const detailLand = new GeoJSONVT(land('10m'), options);
  const detailBorders = new GeoJSONVT(countryBorders('10m'), options);
  const spain = new GeoJSONVT(spanishBorders(), options);
  const towns = new GeoJSONVT(places(), options);

  const tiles: PmtilesTile[] = [];
  for (const [z, x, y] of tileCoordinates(maxZoom)) {
    const world = z <= WORLD_MAX_ZOOM;
    const earth = merged((world ? worldLand : detailLand).getTile(z, x, y));
    const boundaries = merged(
      (world ? worldBorders : detailBorders).getTile(z, x, y),
      spain.getTile(z, x, y),
    );
    for (const border of boundaries.features)
      border.tags = {
        kind: border.tags?.level === 1 ? 'region' : border.tags?.level === 2 ? 'province' : 'country',
      };
    const shown = merged(towns.getTile(z, x, y));
    shown.features = shown.features.filter((town) => Number(town.tags?.minzoom) <= z);
    if (earth.features.length + boundaries.features.length + shown.features.length === 0) continue;
    const data = fromGeojsonVt({ earth, boundaries, places: shown }, { version: 2, extent: 4096 });
    tiles.push({ z, x, y, data });
  }
  const archive = writePmtiles(tiles, {
    bounds: [WIDE[0], WIDE[1], WIDE[2], WIDE[3]],
    center: [-3.7, 40.4, 5],
    metadata: {
      name: 'nómadas · España',
      attribution: BASE_MAP_ATTRIBUTIONS.nomadas,
      vector_layers: [
        { id: 'earth', fields: {}, minzoom: 0, maxzoom: maxZoom },
        { id: 'boundaries', fields: { kind: 'String' }, minzoom: 0, maxzoom: maxZoom },
        {
          id: 'places',
          fields: { name: 'String', kind: 'String', rank: 'Number' },
          minzoom: 5,
          maxzoom: maxZoom,
        },
      ],
      nomadas_inputs: inputs,
    },
  });
  return { archive, tiles: tiles.length };
}

/** A hash of the data files and of the generator's own code: the archive is made again when either changes. */
export function inputsHash(): string {
  const hash = createHash('sha256');
  const here = path.dirname(fileURLToPath(import.meta.url));
  const code = fs.readdirSync(here).filter((name) => /\.[jt]s$/.test(name) && !name.includes('.test.'));
  for (const file of [...SOURCE_FILES, ...code.sort().map((name) => path.join(here, name))])
    hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** The `nomadas_inputs` of an existing archive's metadata, or undefined when there is none. */
export function archiveInputs(file: string): string | undefined {
  try {
    const bytes = fs.readFileSync(file);
    const offset = Number(bytes.readBigUInt64LE(24));
    const length = Number(bytes.readBigUInt64LE(32));
    const metadata = JSON.parse(gunzipSync(bytes.subarray(offset, offset + length)).toString('utf8')) as {
      nomadas_inputs?: string;
    };
    return metadata.nomadas_inputs;
  } catch {
    return undefined;
  }
}

/** Makes the archive when it is missing or its inputs changed; says what it did. */
export function ensureBasemap(file = BASEMAP_FILE): string {
  const inputs = inputsHash();
  if (archiveInputs(file) === inputs) return `base map up to date: ${file}`;
  const started = performance.now();
  const { archive, tiles } = buildBasemap(10, inputs);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, archive);
  fs.renameSync(`${file}.tmp`, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `base map written: ${file}, ${tiles} tiles, ${(archive.length / 1e6).toFixed(1)} MB in ${seconds} s`;
}
