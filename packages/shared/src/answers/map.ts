import { z } from 'zod';
import { MAP_KINDS, MAP_SERVICES } from '../mapConstants.js';
import { OCCUPANCY_STATES } from '../placeStatusConstants.js';

const kind = z.enum(MAP_KINDS);
const rating = z
  .number()
  .min(1)
  .max(5)
  .nullable()
  .describe('Mean of the reviews, one decimal; null without reviews.');

/** One point of GET /api/map/points: short keys, since a box may hold thousands. */
export const mapPointSchema = z
  .strictObject({
    u: z.string().describe('urlpoint (→ /mapa/location/{u}).'),
    n: z.string().describe('Name.'),
    lat: z.number(),
    lng: z.number(),
    k: kind,
    f: z.union([z.literal(0), z.literal(1)]).describe('1: free of charge.'),
    r: rating,
    d: z.union([z.literal(0), z.literal(1)]).describe('1: a draft, shown only to its author.'),
    g: z.number().optional().describe('LPG places: the price of LPG, € per litre; absent: none known.'),
    ga: z.number().int().optional().describe('When `g` held (the source\'s date), in seconds since 1970.'),
    o: z
      .enum(OCCUPANCY_STATES)
      .optional()
      .describe('"¿Hay sitio?" now (lleno, pocas, sitio); absent: unknown.'),
    oa: z.number().int().optional().describe('When `o` was said, in seconds since 1970.'),
  })
  .meta({ id: 'MapPoint' });
export type MapPoint = z.infer<typeof mapPointSchema>;

/** `data` of GET /api/map/points. */
export const mapPointsSchema = z
  .strictObject({
    points: z.array(mapPointSchema),
    total: z
      .number()
      .int()
      .min(0)
      .describe('Points in the box; more than `points` when capped at MAP_POINTS_MAX.'),
  })
  .meta({ id: 'MapPoints' });
export type MapPoints = z.infer<typeof mapPointsSchema>;

export const mapReviewSchema = z
  .strictObject({
    username: z.string(),
    img: z.string(),
    stars: z.number().int().min(1).max(5),
    text: z.string(),
    stayed: z.string().describe('Date of the stay, YYYY-MM-DD.'),
    date: z.string().describe('When it was written or last edited, ISO 8601.'),
    self: z.boolean(),
  })
  .meta({ id: 'MapReview' });
export type MapReview = z.infer<typeof mapReviewSchema>;

/** A wall post tied to the place, as the sheet's grid shows it. */
export const mapSheetPostSchema = z.strictObject({
  url: z.string(),
  media: z.string(),
  username: z.string(),
});

/** `data` of GET /api/map/location/{urlpoint}: the place's sheet. */
export const mapLocationSchema = z
  .strictObject({
    urlpoint: z.string(),
    kind,
    name: z.string(),
    description: z.string(),
    lat: z.number(),
    lng: z.number(),
    municipality: z.string(),
    province: z.string(),
    services: z.array(z.enum(MAP_SERVICES)),
    price: z.number().nullable().describe('€ per night; null or 0: free.'),
    season: z.string().describe("Free words on the season; '' when not stated."),
    months: z
      .array(z.number().int().min(1).max(12))
      .nullable()
      .describe('Months open, 1–12 in order; null when not stated.'),
    maxStay: z.number().int().nullable().describe('Nights.'),
    places: z.number().int().nullable(),
    maxLength: z.number().nullable().describe('Metres.'),
    maxHeight: z.number().nullable().describe('Metres.'),
    maxWeight: z.number().nullable().describe('Tonnes.'),
    surface: z.string(),
    photos: z.array(z.string()),
    rating,
    reviewsCount: z.number().int().min(0),
    reviews: z.array(mapReviewSchema).describe('Newest first; the caller’s own one comes as `self`.'),
    posts: z.array(mapSheetPostSchema).describe('Latest wall posts from here.'),
    draft: z.boolean().describe('Not public yet: only its author sees it.'),
    self: z.boolean().describe('The caller added it.'),
    lpg: z
      .strictObject({
        price: z.number().describe('€ per litre.'),
        date: z.string().describe('When the source says it held, ISO 8601.'),
      })
      .optional()
      .describe("LPG places: the latest price of the Ministry's open data (its attribution shown with it)."),
    photoIds: z.array(z.string()).describe('The id of each of `photos`, in the same order.'),
    ownPhotos: z.array(z.string()).describe('Ids of the photos the caller added, which they may delete.'),
    saved: z.boolean().describe('In the caller’s "Mis lugares".'),
  })
  .meta({ id: 'MapLocation' });
export type MapLocation = z.infer<typeof mapLocationSchema>;

/** A place a post can name (GET /api/map/nearby, and `lugar` on a post). */
export const mapPlaceSchema = z
  .strictObject({ u: z.string(), n: z.string(), km: z.number().optional() })
  .meta({ id: 'MapPlace' });
export type MapPlace = z.infer<typeof mapPlaceSchema>;

/** One of GET /api/map/glp: an LPG station with a known price near the point asked. */
export const lpgNearStationSchema = z
  .strictObject({
    u: z.string().describe('urlpoint (→ /mapa/location/{u}).'),
    n: z.string().describe('Name.'),
    town: z.string().describe('Municipality.'),
    price: z.number().describe('€ per litre, as the source publishes it (3 decimals).'),
    date: z.string().describe('When the source says the price held, ISO 8601.'),
    km: z.number().describe('Great-circle distance from the point asked, one decimal.'),
    stale: z
      .boolean()
      .describe('The price is older than LPG_STALE_DAYS, or the source no longer lists the station.'),
  })
  .meta({ id: 'LpgNearStation' });
export type LpgNearStation = z.infer<typeof lpgNearStationSchema>;

/** `data` of GET /api/map/glp: fresh prices first, each group cheapest first, then nearest. */
export const lpgNearSchema = z
  .strictObject({
    r: z.number().describe('The radius searched, km.'),
    stations: z.array(lpgNearStationSchema),
  })
  .meta({ id: 'LpgNear' });
export type LpgNear = z.infer<typeof lpgNearSchema>;

/** GET /api/map/positions: the live positions the caller may see now (already obfuscated by their owners). */
export const livePositionSchema = z
  .strictObject({
    u: z.string(),
    i: z.string(),
    lat: z.number(),
    lng: z.number(),
    type: z.number().int().min(1),
    date: z.string().describe('Last update, ISO 8601.'),
  })
  .meta({ id: 'LivePosition' });
export type LivePosition = z.infer<typeof livePositionSchema>;

/** `data` of POST /api/map/location/{urlpoint}/save: whether the place is in the caller's "Mis lugares" now. */
export const savedStateSchema = z.strictObject({ saved: z.boolean() }).meta({ id: 'SavedState' });
export type SavedState = z.infer<typeof savedStateSchema>;

/** One of GET /api/map/saved: a place of the caller's "Mis lugares", the last saved first. */
export const myPlaceSchema = z
  .strictObject({
    u: z.string().describe('urlpoint'),
    n: z.string().describe('name'),
    k: kind,
    lat: z.number(),
    lng: z.number(),
    municipality: z.string(),
    province: z.string(),
    thumb: z.string().describe("the first photo's thumbnail URL; '' without photos"),
    date: z.string().describe('When it was saved, ISO 8601.'),
  })
  .meta({ id: 'MyPlace' });
export type MyPlace = z.infer<typeof myPlaceSchema>;

/** `data` of POST /api/map/location/{urlpoint}/confirm: where the place stands after the confirmation. */
export const mapConfirmationSchema = z
  .strictObject({
    draft: z.boolean().describe('Still a draft (seen only by its author).'),
    confirmations: z.number().int().min(0),
    needed: z.number().int().min(1).describe('Confirmations that make it public.'),
  })
  .meta({ id: 'MapConfirmation' });
export type MapConfirmation = z.infer<typeof mapConfirmationSchema>;

/** GET /api/moderacion/lugares: a place someone reported wrong data on, for a moderator. */
export const reportedPlaceSchema = z
  .strictObject({
    urlpoint: z.string(),
    name: z.string(),
    kind,
    draft: z.boolean(),
    reports: z.number().int().min(1).describe('Distinct reporters.'),
    reasons: z
      .array(z.strictObject({ username: z.string(), reason: z.string(), date: z.string() }))
      .describe('The latest few, newest first.'),
  })
  .meta({ id: 'ReportedPlace' });
export type ReportedPlace = z.infer<typeof reportedPlaceSchema>;

/**
 * One place of GET /api/map/offline, as an array (10,000 of them travel at once): the fields of its sheet
 * that a nomad needs with no signal. Kinds and services travel as codes, their index in MAP_KINDS and bits
 * of MAP_SERVICES; coordinates to 5 decimals (about a metre).
 */
export const mapOfflinePlaceSchema = z
  .tuple([
    z.string().describe('urlpoint'),
    z.string().describe('name'),
    z.number().describe('lat'),
    z.number().describe('lng'),
    z.number().int().min(0).describe('kind: index in MAP_KINDS'),
    z.number().int().min(0).describe('services: bit i set for MAP_SERVICES[i]'),
    z.number().nullable().describe('price, € per night; null or 0: free'),
    z.string().describe('season'),
    z.number().int().nullable().describe('maxStay, nights'),
    z.number().int().nullable().describe('places'),
    z.number().nullable().describe('maxLength, metres'),
    z.number().nullable().describe('maxHeight, metres'),
    z.string().describe('surface'),
    z.string().describe('municipality'),
    z.string().describe('province'),
    z.string().describe('description, cut to MAP_OFFLINE_DESCRIPTION_CHARS'),
    z.string().describe("the first photo's thumbnail URL; '' without photos"),
    rating,
    z.number().int().min(0).describe('reviewsCount'),
    z
      .array(
        z.tuple([
          z.string().describe('username'),
          z.number().int().min(1).max(5).describe('stars'),
          z.string().describe('text, cut to MAP_OFFLINE_REVIEW_CHARS'),
          z.string().describe('day of the stay, YYYY-MM-DD'),
        ]),
      )
      .describe('The last MAP_OFFLINE_REVIEWS reviews, newest first.'),
    z.number().int().describe('updated: seconds since 1970'),
    z.number().int().nullable().describe('months open: bit i for month i+1 (seasons.ts); null: not stated'),
    z.number().nullable().describe('maxWeight, tonnes'),
  ])
  .meta({ id: 'MapOfflinePlace' });
export type MapOfflinePlace = z.infer<typeof mapOfflinePlaceSchema>;

/** `data` of GET /api/map/offline. */
export const mapOfflineSchema = z
  .strictObject({
    version: z
      .number()
      .int()
      .min(0)
      .describe('Ask again with since=version for what changed after this answer.'),
    full: z
      .boolean()
      .describe(
        'Every public place: replace what is kept (without `since`, or when it was no longer valid).',
      ),
    places: z.array(mapOfflinePlaceSchema).describe('Public places (all, or those changed since `since`).'),
    removed: z.array(z.string()).describe('With `since`: urlpoints of places no longer public.'),
  })
  .meta({ id: 'MapOffline' });
export type MapOffline = z.infer<typeof mapOfflineSchema>;
