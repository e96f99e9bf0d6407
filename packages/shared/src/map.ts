import { z } from 'zod';
import {
  LPG_NEAR_KM,
  LPG_NEAR_MAX_KM,
  MAP_KINDS,
  MAP_LOCATION_DESCRIPTION_MAX,
  MAP_LOCATION_NAME_MAX,
  MAP_REVIEW_TEXT_MAX,
  MAP_SERVICES,
  MAP_VEHICLE_HEIGHT_MAX,
  MAP_VEHICLE_LENGTH_MAX,
} from './mapConstants.js';
import { MSG } from './messages.js';
import { VEHICLE_WEIGHT_MAX } from './vehicle.js';

// Requests of the map (DESIGN.md §3). Coordinates follow spec §5: longitude inside ±180, latitude inside ±90.

const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** A comma-separated list of known words (`kinds=glp,default`); unknown words are refused. */
const wordList = <T extends readonly [string, ...string[]]>(words: T) =>
  optionalParam(
    z
      .string()
      .max(200)
      .transform((text) => text.split(',').filter(Boolean))
      .pipe(z.array(z.enum(words, { error: MSG.invalidInput })).max(words.length * 2)),
  );

const coordinateError = { error: MSG.invalidCoordinates };
const latitude = z.number(coordinateError).gt(-90, coordinateError).lt(90, coordinateError);
const longitude = z.number(coordinateError).gt(-180, coordinateError).lt(180, coordinateError);

/** `bbox=w,s,e,n` in degrees, west below east and south below north. */
const bbox = z
  .string({ error: MSG.invalidCoordinates })
  .max(100)
  .transform((text) => text.split(',').map(Number))
  .pipe(z.tuple([longitude, latitude, longitude, latitude], { error: MSG.invalidCoordinates }))
  .refine(([w, s, e, n]) => w < e && s < n, { error: MSG.invalidCoordinates });

/** GET /api/map/points?bbox=w,s,e,n&kinds=…&services=…&free=1&length=…&height=…&weight=…&open=1 */
export const mapPointsQuery = z.object({
  bbox,
  kinds: wordList(MAP_KINDS),
  /** Areas that have every one of these services. */
  services: wordList(MAP_SERVICES),
  free: optionalParam(z.enum(['0', '1'], { error: MSG.invalidInput })).transform((free) => free === '1'),
  /** My vehicle, in metres: areas whose limit is unknown or at least this. */
  length: optionalParam(z.coerce.number({ error: MSG.invalidInput }).positive().max(MAP_VEHICLE_LENGTH_MAX)),
  height: optionalParam(z.coerce.number({ error: MSG.invalidInput }).positive().max(MAP_VEHICLE_HEIGHT_MAX)),
  /** Tonnes: areas whose weight limit is unknown or at least this. */
  weight: optionalParam(z.coerce.number({ error: MSG.invalidInput }).positive().max(VEHICLE_WEIGHT_MAX)),
  /** Open this month in Spain (places whose months are not stated count as open). */
  open: optionalParam(z.enum(['0', '1'], { error: MSG.invalidInput })).transform((open) => open === '1'),
});

export const urlpointParams = z.object({
  urlpoint: z.string().min(1).max(200, { error: MSG.notFound }),
});

/** POST /api/map/location/{urlpoint}/save: put the place in "Mis lugares" (true) or take it out (false). */
export const savePlaceBody = z.object({ saved: z.boolean({ error: MSG.invalidInput }) });

/** DELETE /api/map/location/{urlpoint}/photo/{photo}: a photo by its id (the sheet's `photoIds`). */
export const placePhotoParams = urlpointParams.extend({
  photo: z.string().regex(/^[a-f0-9]{32}$/, { error: MSG.notFound }),
});

/** GET /api/map/nearby?lat=…&lng=…: places the post composer offers, nearest first. */
export const mapNearbyQuery = z.object({
  lat: z.coerce.number({ error: MSG.invalidCoordinates }).pipe(latitude),
  lng: z.coerce.number({ error: MSG.invalidCoordinates }).pipe(longitude),
});

/** GET /api/map/glp?lat=…&lng=…&r=…: LPG stations with a price within `r` km (default LPG_NEAR_KM), cheapest first. */
export const lpgNearQuery = mapNearbyQuery.extend({
  r: optionalParam(
    z.coerce
      .number({ error: MSG.lpgRadiusInvalid })
      .min(1, { error: MSG.lpgRadiusInvalid })
      .max(LPG_NEAR_MAX_KM, { error: MSG.lpgRadiusInvalid }),
  ).transform((r) => r ?? LPG_NEAR_KM),
});

const metres = (max: number) => z.number({ error: MSG.invalidInput }).positive().max(max).nullable();

/** POST /api/map/location (JSON): a new place, a draft visible to its author until confirmed or moderated. */
export const newLocationBody = z.object({
  kind: z.enum(MAP_KINDS, { error: MSG.invalidInput }),
  name: z
    .string({ error: MSG.mapNameRequired })
    .trim()
    .min(3, { error: MSG.mapNameRequired })
    .max(MAP_LOCATION_NAME_MAX),
  description: z.string().trim().max(MAP_LOCATION_DESCRIPTION_MAX).default(''),
  lat: z.number({ error: MSG.invalidCoordinates }).pipe(latitude),
  lng: z.number({ error: MSG.invalidCoordinates }).pipe(longitude),
  services: z
    .array(z.enum(MAP_SERVICES, { error: MSG.invalidInput }))
    .max(MAP_SERVICES.length)
    .default([]),
  /** € per night; null or 0 = free. */
  price: z.number({ error: MSG.invalidInput }).min(0).max(1000).nullable().default(null),
  /** Free words on the season ("según el tiempo"); the months open are `months`. */
  season: z.string().trim().max(100).default(''),
  /** Months open, 1–12; null: not stated. */
  months: z
    .array(
      z
        .number({ error: MSG.mapMonthsInvalid })
        .int()
        .min(1, { error: MSG.mapMonthsInvalid })
        .max(12, { error: MSG.mapMonthsInvalid }),
    )
    .min(1, { error: MSG.mapMonthsInvalid })
    .max(12, { error: MSG.mapMonthsInvalid })
    .nullable()
    .default(null),
  /** Maximum stay in nights; null = no limit stated. */
  maxStay: z.number({ error: MSG.invalidInput }).int().positive().max(365).nullable().default(null),
  places: z.number({ error: MSG.invalidInput }).int().positive().max(10_000).nullable().default(null),
  maxLength: metres(MAP_VEHICLE_LENGTH_MAX).default(null),
  maxHeight: metres(MAP_VEHICLE_HEIGHT_MAX).default(null),
  /** Tonnes. */
  maxWeight: z
    .number({ error: MSG.mapWeightInvalid })
    .positive({ error: MSG.mapWeightInvalid })
    .max(VEHICLE_WEIGHT_MAX, { error: MSG.mapWeightInvalid })
    .nullable()
    .default(null),
  surface: z.string().trim().max(60).default(''),
});
export type NewLocationBody = z.input<typeof newLocationBody>;

/** POST /api/map/location/{urlpoint}/review: one per user and place; sending again edits it. */
export const reviewBody = z.object({
  stars: z.number({ error: MSG.mapStarsRequired }).int().min(1, { error: MSG.mapStarsRequired }).max(5),
  text: z.string().trim().max(MAP_REVIEW_TEXT_MAX).default(''),
  /** Date of the stay, YYYY-MM-DD, not in the future. */
  stayed: z.iso.date({ error: MSG.invalidInput }),
});
export type ReviewBody = z.input<typeof reviewBody>;

/** POST /api/map/location/{urlpoint}/report: wrong data on a sheet. */
export const locationReportBody = z.object({
  reason: z.string({ error: MSG.mapReportRequired }).trim().min(3, { error: MSG.mapReportRequired }).max(500),
});

/**
 * POST /api/moderacion/lugares/{urlpoint}: a moderator's answer to the reports of wrong data on a place:
 * `dismiss` (the reports go, the place stays) or `remove` (the place goes, with its reviews and photos).
 */
export const MAP_REPORT_ACTIONS = ['dismiss', 'remove'] as const;
export type MapReportAction = (typeof MAP_REPORT_ACTIONS)[number];
export const mapReportActionBody = z.object({
  action: z.enum(MAP_REPORT_ACTIONS, { error: MSG.mapReportActionInvalid }),
});

/** GET /api/map/offline?since=…: every public place, or what changed since a version it answered. */
export const mapOfflineQuery = z.object({
  since: optionalParam(
    z.coerce.number({ error: MSG.invalidInput }).int().min(0).max(Number.MAX_SAFE_INTEGER),
  ),
});
