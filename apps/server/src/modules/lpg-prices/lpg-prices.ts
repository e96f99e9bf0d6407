import { distanceKm } from '@nomadas/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { enqueueJob, type JobHandler } from '../../lib/jobs.js';
import { asciiWords } from '../../lib/slug.js';
import { insertLocations, type NewLocationRow } from '../map/map.queries.js';
import { locationSlug } from '../map/location-slug.js';
import { nearestTown } from '../map/spanish-towns.js';
import { parseLpgAnswer, type LpgStation } from './lpg-source.js';
import * as q from './lpg-prices.queries.js';

/**
 * The LPG price import (issue #32): a job that fetches the Ministry's fuel prices (LPG_PRICES_URL), ties each
 * station that sells LPG to the map's LPG place at its spot (or adds one), keeps its price and date, and runs
 * again LPG_PRICES_EVERY_HOURS later. Jobs are claimed by one worker of one instance at a time, so the import
 * never runs twice at once; it is scheduled once, at the start of whichever instance comes first.
 */
export const LPG_PRICES_JOB = 'map.lpg-prices';

/** A station and a place farther apart than this are two things. */
const SAME_SPOT_KM = 0.15;
/** This close, a place is the station whatever either is called (a user's "Gasolinera del pueblo"). */
const SURE_SPOT_KM = 0.05;
/** The answer is a few MB for all of Spain; a server that takes longer than this is retried later. */
const FETCH_TIMEOUT_MS = 60_000;
/** Words that say nothing of which station it is. */
const COMMON_WORDS = new Set([
  'gasolinera',
  'estacion',
  'servicio',
  'servicios',
  'glp',
  'autogas',
  'gas',
  'con',
  'de',
  'del',
  'la',
  'el',
  'los',
  'las',
  'y',
  'en',
  'sin',
  'rotulo',
  'area',
  'e',
  's',
]);
const keyWords = (text: string) =>
  asciiWords(text).filter((word) => word.length > 1 && !COMMON_WORDS.has(word));

const titleCase = (text: string) =>
  text
    .toLocaleLowerCase('es')
    .replace(
      /(^|[\s(/-])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toLocaleUpperCase('es'),
    );

type Place = Awaited<ReturnType<typeof q.selectLpgPlaces>>[number];

/**
 * The LPG place a station is, among those not tied to another station: within SAME_SPOT_KM and sharing a word
 * of its name with the station's brand, or the nearest within SURE_SPOT_KM.
 */
function matchPlace(station: LpgStation, free: Place[]): Place | undefined {
  const brand = new Set(keyWords(station.brand));
  let best: { place: Place; km: number; named: boolean } | undefined;
  for (const place of free) {
    if (Math.abs(place.lat - station.lat) > 0.01) continue;
    const km = distanceKm(
      { latitude: station.lat, longitude: station.lng },
      { latitude: place.lat, longitude: place.lng },
    );
    if (km > SAME_SPOT_KM) continue;
    const named = keyWords(place.name).some((word) => brand.has(word));
    if (!named && km > SURE_SPOT_KM) continue;
    // A place named like the station wins over a nameless nearer one.
    if (!best || (named && !best.named) || (named === best.named && km < best.km))
      best = { place, km, named };
  }
  return best?.place;
}

/** What a station with no place on the map becomes: a public LPG place of nobody's. */
async function newPlace(station: LpgStation): Promise<Omit<NewLocationRow, 'urlpoint'>> {
  const town = await nearestTown(station.lat, station.lng);
  // The source's municipality (the nearest GeoNames town may be a district of it), unless the brand says it.
  const municipality = station.municipality || town.municipality;
  const brand = keyWords(station.brand).length > 0 ? titleCase(station.brand) : 'Gasolinera';
  const brandWords = new Set(keyWords(brand));
  const where = keyWords(municipality).every((word) => brandWords.has(word)) ? '' : ` ${municipality}`;
  return {
    kind: 'glp',
    name: `${brand} GLP${where}`,
    description: [titleCase(station.address), station.hours && `Horario: ${station.hours}`]
      .filter(Boolean)
      .join('. '),
    lat: station.lat,
    lng: station.lng,
    municipality,
    province: town.province,
    services: [],
    price: null,
    season: '',
    maxStay: null,
    places: null,
    maxLength: null,
    maxHeight: null,
    surface: '',
    authorId: null,
    status: 'public',
  };
}

export interface LpgImport {
  /** Stations with an LPG price in the answer. */
  stations: number;
  /** Of them, those that had no place on the map and got one. */
  added: number;
}

/**
 * Fetches the answer at `url` and imports it in one transaction: a malformed answer (ZodError), a failed
 * fetch or a failed write leaves every price and place as it was.
 */
export async function importLpgPrices(
  ctx: Pick<AppContext, 'db' | 'realtime'>,
  url: string,
  signal?: AbortSignal,
): Promise<LpgImport> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.any([AbortSignal.timeout(FETCH_TIMEOUT_MS), ...(signal ? [signal] : [])]),
  });
  if (!response.ok) throw new Error(`LPG prices: ${url} answered ${response.status}`);
  const { pricedAt, stations } = parseLpgAnswer(await response.json());

  const added = await ctx.db.transaction().execute(async (trx) => {
    const places = await q.selectLpgPlaces(trx);
    const listed = new Set(stations.map((station) => station.id));
    const byStation = new Map(places.filter((p) => p.station_id !== null).map((p) => [p.station_id!, p.id]));
    // A place whose station the source no longer lists may be a new station at the same spot (a new owner).
    let free = places.filter((p) => p.station_id === null || !listed.has(p.station_id));
    const prices: q.LpgPriceRow[] = [];
    const unmatched: LpgStation[] = [];
    for (const station of stations) {
      const locationId = byStation.get(station.id) ?? matchPlace(station, free)?.id;
      if (locationId === undefined) {
        unmatched.push(station);
        continue;
      }
      free = free.filter((place) => place.id !== locationId);
      byStation.set(station.id, locationId);
      prices.push({ locationId, stationId: station.id, price: station.price, pricedAt });
    }
    if (unmatched.length > 0) {
      const planned = await Promise.all(unmatched.map(newPlace));
      const bases = planned.map((place) => locationSlug(place.name, place.municipality));
      const taken = await q.selectUrlpointsLike(trx, [...new Set(bases)]);
      const rows = planned.map((place, i) => {
        let urlpoint = bases[i]!;
        for (let n = 2; taken.has(urlpoint); n++) urlpoint = `${bases[i]}-${n}`;
        taken.add(urlpoint);
        return { ...place, urlpoint };
      });
      const ids = await insertLocations(trx, rows);
      ids.forEach((locationId, i) =>
        prices.push({ locationId, stationId: unmatched[i]!.id, price: unmatched[i]!.price, pricedAt }),
      );
    }
    await q.upsertLpgPrices(trx, prices);
    // The stations gone from the source keep their last price, stale from now on.
    await q.markDelisted(trx, [...listed]);
    return unmatched.length;
  });
  ctx.realtime.events.announce('places:repriced', { stations: stations.length });
  return { stations: stations.length, added };
}

/** The LPG price a sheet shows, when its place has one. */
export async function lpgPriceOf(
  db: Db,
  locationId: string,
): Promise<{ price: number; date: string } | undefined> {
  const row = await q.findLpgPrice(db, locationId);
  return row && { price: row.price, date: new Date(row.priced_at).toISOString() };
}

/** Schedules the next import `everyHours` from now (inside the caller's transaction when given one). */
const scheduleNext = (ctx: Pick<AppContext, 'db'>, everyHours: number) =>
  enqueueJob(ctx.db, LPG_PRICES_JOB, {}, { runAt: new Date(Date.now() + everyHours * 3600_000) });

/** The job: one import, then the next one scheduled; a run that keeps failing gives up until the next period. */
export function lpgPricesJob(
  ctx: Pick<AppContext, 'db' | 'realtime'> & { log: Pick<FastifyBaseLogger, 'info'> },
  source: { url: string; everyHours: number },
): JobHandler<Record<string, never>> {
  return {
    async run(_payload, { signal }) {
      const result = await importLpgPrices(ctx, source.url, signal);
      ctx.log.info(result, 'LPG prices imported');
      await scheduleNext(ctx, source.everyHours);
    },
    async giveUp() {
      await scheduleNext(ctx, source.everyHours);
    },
  };
}

/** pg_advisory_xact_lock key of the check below. */
const SCHEDULE_LOCK = 2_811_300_401;

/** At start: the import is due now unless a run is already waiting (another instance, an earlier start). */
export async function scheduleLpgPrices(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    await q.lockSchedule(trx, SCHEDULE_LOCK);
    if (await q.hasPendingJob(trx, LPG_PRICES_JOB)) return false;
    await enqueueJob(trx, LPG_PRICES_JOB, {});
    return true;
  });
}
