import {
  MAP_NEARBY_KM,
  MAP_NEARBY_MAX,
  MAP_POINTS_MAX,
  MAP_SHEET_POSTS,
  monthInSpain,
  monthsMask,
  MSG,
} from '@nomadas/shared';
import type { MapConfirmation, MapLocation, MapPlace } from '@nomadas/shared/answers';
import type { mapPointsQuery, newLocationBody, reviewBody } from '@nomadas/shared/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation, orNotFound } from '../../db/pg-errors.js';
import { writeTransaction, type WriteKey } from '../../lib/write-once.js';
import type { Viewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { prepareJson, type PreparedJson } from '../../http/prepared-json.js';
import { findUserRole } from '../moderation/moderation.queries.js';
import { isModerator } from '../moderation/roles.js';
import { lpgPriceOf } from '../lpg-prices/lpg-prices.js';
import { locationSlug } from './location-slug.js';
import { presentLocation, presentPoint } from './map.presenter.js';
import * as q from './map.queries.js';
import { selectUserPhotos } from './place-photos.queries.js';
import { isSavedPlace } from './saved-places.queries.js';
import { nearestTown } from './spanish-towns.js';
import { isFutureDay } from './stay-date.js';

/** Reviews a sheet shows (newest first); `reviewsCount` tells how many there are in all. */
const SHEET_REVIEWS = 50;
/** Readable urlpoints tried (`-2`, `-3`…) before a random suffix. */
const URLPOINT_ATTEMPTS = 20;

const isModeratorViewer = async (ctx: AppContext, viewer: Viewer) => {
  const role = await findUserRole(ctx.db, viewer.id);
  return role !== undefined && isModerator({ role });
};

/**
 * A place the caller may see: public ones for everybody, a draft for its author (and the moderators who
 * approve it). Anything else is a 404, as if it did not exist.
 */
export async function visibleLocation(
  ctx: AppContext,
  viewer: Viewer | null,
  urlpoint: string,
  db: Db = ctx.db,
) {
  const row = await q.findLocation(db, urlpoint);
  if (!row) throw notFound();
  // A draft waits for registered users to confirm it: they see it, visitors do not.
  if (row.status === 'public' || viewer) return row;
  throw notFound();
}

async function readPoints(ctx: AppContext, filter: q.PointsFilter): Promise<PreparedJson> {
  // A box is kept a minute at most: a room state shows that much past its OCCUPANCY_HOURS at worst.
  const occupancySince = new Date(
    ctx.clock.now().getTime() - ctx.config.placeReports.occupancyHours * 3600_000,
  );
  const rows = await q.selectPoints(ctx.db, filter, MAP_POINTS_MAX, occupancySince);
  const total = rows.length < MAP_POINTS_MAX ? rows.length : await q.countPoints(ctx.db, filter);
  return prepareJson(ok({ points: rows.map(presentPoint), total }));
}

/**
 * GET /api/map/points: the points of a box that pass the filters, at most MAP_POINTS_MAX; for registered
 * users the drafts too (d:1), which they may confirm. Answered as the envelope ready to send.
 */
export async function listPoints(
  ctx: AppContext,
  viewer: Viewer | null,
  query: z.output<typeof mapPointsQuery>,
): Promise<PreparedJson> {
  const [w, s, e, n] = query.bbox;
  const filter: q.PointsFilter = {
    w,
    s,
    e,
    n,
    only: viewer ? 'registered' : 'public',
    kinds: query.kinds,
    services: query.services,
    free: query.free,
    length: query.length,
    height: query.height,
    weight: query.weight,
    openIn: query.open ? monthInSpain() : undefined,
  };
  // Everybody asking for the same box with the same filters shares one answer (map-points.ts).
  return ctx.mapPoints.get(JSON.stringify(filter), () => readPoints(ctx, filter));
}

/** GET /api/map/location/{urlpoint}: the sheet, with its reviews and the latest wall posts from there. */
export async function locationSheet(
  ctx: AppContext,
  viewer: Viewer | null,
  urlpoint: string,
  db: Db = ctx.db,
): Promise<MapLocation> {
  const row = await visibleLocation(ctx, viewer, urlpoint, db);
  // An LPG station's price, from the Ministry's data (modules/lpg-prices).
  const [sheet, lpg] = await Promise.all([
    sheetOf(ctx, viewer, row, db),
    row.kind === 'glp' ? lpgPriceOf(db, row.id) : undefined,
  ]);
  return lpg ? { ...sheet, lpg } : sheet;
}

async function sheetOf(
  ctx: AppContext,
  viewer: Viewer | null,
  row: q.LocationRow,
  db: Db = ctx.db,
): Promise<MapLocation> {
  const viewerId = viewer?.id ?? null;
  const [reviews, posts, ownPhotos, saved] = await Promise.all([
    q.listReviews(db, row.id, SHEET_REVIEWS),
    q.listPlacePosts(db, row.id, viewerId, MAP_SHEET_POSTS),
    viewerId ? selectUserPhotos(db, row.id, viewerId) : [],
    viewerId ? isSavedPlace(db, viewerId, row.id) : false,
  ]);
  return presentLocation(row, { reviews, posts, viewerId, media: ctx.media, ownPhotos, saved });
}

/** The sheet as it is now (after a write), read afresh (in the write's transaction when given it). */
export async function freshSheet(ctx: AppContext, viewer: Viewer, urlpoint: string, db: Db = ctx.db) {
  return locationSheet(ctx, viewer, urlpoint, db);
}

/**
 * POST /api/map/location: a new place, a draft that only its author sees until MAP_CONFIRMATIONS other
 * users confirm it or a moderator approves it. Its municipality and province are those of the nearest
 * Spanish town; its urlpoint is readable (name and town) and unique (`-2`, `-3`… when taken).
 */
export async function addLocation(
  ctx: AppContext,
  viewer: Viewer,
  body: z.output<typeof newLocationBody>,
): Promise<MapLocation> {
  const town = await nearestTown(body.lat, body.lng);
  const base = locationSlug(body.name, town.municipality);
  const row: q.NewLocationRow = {
    urlpoint: base,
    kind: body.kind,
    name: body.name,
    description: body.description,
    lat: body.lat,
    lng: body.lng,
    ...town,
    services: [...new Set(body.services)],
    price: body.price || null,
    season: body.season,
    maxStay: body.maxStay,
    places: body.places,
    maxLength: body.maxLength,
    maxHeight: body.maxHeight,
    maxWeight: body.maxWeight,
    monthsOpen: body.months === null ? null : monthsMask(body.months),
    surface: body.surface,
    authorId: viewer.id,
    status: 'draft',
  };
  for (let attempt = 1; ; attempt++) {
    const urlpoint =
      attempt === 1
        ? base
        : attempt <= URLPOINT_ATTEMPTS
          ? `${base}-${attempt}`
          : `${base}-${Math.random().toString(36).slice(2, 8)}`;
    try {
      const { id } = await q.insertLocation(ctx.db, { ...row, urlpoint });
      ctx.realtime.events.announce('place:changed', {
        placeId: id,
        lat: body.lat,
        lng: body.lng,
        what: 'added',
      });
      return await freshSheet(ctx, viewer, urlpoint);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= URLPOINT_ATTEMPTS + 5) throw error;
    }
  }
}

/**
 * POST /api/map/location/{urlpoint}/confirm: another user vouches for a draft (once each); at
 * MAP_CONFIRMATIONS it turns public. A moderator's confirmation approves it at once. Under the place's
 * row lock, so confirmations arriving together are all counted and the threshold is crossed once.
 */
export async function confirmLocation(
  ctx: AppContext,
  viewer: Viewer,
  urlpoint: string,
  key?: WriteKey<{ state: MapConfirmation; msg: string }>,
): Promise<{ state: MapConfirmation; msg: string }> {
  const found = await q.findLocation(ctx.db, urlpoint);
  if (!found) throw notFound();
  const moderator = await isModeratorViewer(ctx, viewer);
  const needed = ctx.config.mapConfirmations;
  const answer = await orNotFound(() =>
    writeTransaction(ctx.db, key, async (trx) => {
      const place = await q.lockLocation(trx, found.id);
      if (!place) throw notFound();
      if (place.status === 'public') throw badRequest(MSG.mapAlreadyPublic);
      if (moderator) {
        await q.approveLocation(trx, place.id);
        return { state: { draft: false, confirmations: place.confirmations, needed }, msg: MSG.mapApproved };
      }
      if (place.author_id === viewer.id) throw badRequest(MSG.mapConfirmOwn);
      if (!(await q.addConfirmation(trx, place.id, viewer.id))) {
        return { state: { draft: true, confirmations: place.confirmations, needed }, msg: MSG.mapConfirmed };
      }
      const after = await q.countConfirmation(trx, place.id, needed);
      const draft = after.status === 'draft';
      return {
        state: { draft, confirmations: after.confirmations, needed },
        msg: draft ? MSG.mapConfirmed : MSG.mapApproved,
      };
    }),
  );
  ctx.realtime.events.announce('place:changed', {
    placeId: found.id,
    lat: found.lat,
    lng: found.lng,
    what: 'confirmed',
  });
  return answer;
}

/**
 * POST /api/map/location/{urlpoint}/review: one review per user and place; sending it again edits it.
 * The review and the place's sum and count change in one transaction, and the review's primary key
 * decides a race (as likes do, post-reactions.queries.ts), so the mean always matches the reviews.
 */
export async function reviewLocation(
  ctx: AppContext,
  viewer: Viewer,
  urlpoint: string,
  body: z.output<typeof reviewBody>,
  key?: WriteKey<MapLocation>,
): Promise<MapLocation> {
  if (isFutureDay(body.stayed, new Date())) throw badRequest(MSG.invalidInput);
  const place = await visibleLocation(ctx, viewer, urlpoint);
  const review = { stars: body.stars, text: body.text, stayed: body.stayed };
  const sheet = await orNotFound(() =>
    writeTransaction(ctx.db, key, async (trx) => {
      for (;;) {
        const previous = await q.lockReview(trx, place.id, viewer.id);
        if (previous) {
          await q.updateReview(trx, place.id, viewer.id, review);
          await q.shiftRating(trx, place.id, review.stars - previous.stars, 0);
          break;
        }
        if (await q.insertReview(trx, place.id, viewer.id, review)) {
          await q.shiftRating(trx, place.id, review.stars, 1);
          break;
        }
        // A concurrent request of the same user wrote it first: edit theirs (its row is now committed).
      }
      return freshSheet(ctx, viewer, urlpoint, trx);
    }),
  );
  ctx.realtime.events.announce('place:changed', {
    placeId: place.id,
    lat: place.lat,
    lng: place.lng,
    what: 'reviewed',
  });
  return sheet;
}

/** POST /api/map/location/{urlpoint}/report: wrong data on a sheet, for the moderators. */
export async function reportLocation(
  ctx: AppContext,
  viewer: Viewer,
  urlpoint: string,
  reason: string,
): Promise<void> {
  await ctx.limits.consume('reportUser', viewer.id);
  const place = await visibleLocation(ctx, viewer, urlpoint);
  await orNotFound(() => q.upsertReport(ctx.db, place.id, viewer.id, reason));
}

/** GET /api/map/nearby: public places within MAP_NEARBY_KM, nearest first (the post composer offers them). */
export async function nearbyPlaces(ctx: AppContext, lat: number, lng: number): Promise<MapPlace[]> {
  const rows = await q.selectNearby(ctx.db, lat, lng, MAP_NEARBY_KM, MAP_NEARBY_MAX);
  return rows.map((row) => ({ u: row.urlpoint, n: row.name, km: Math.round(row.km * 10) / 10 }));
}

/** The public place a new post names (`lugar`); a 400 with a clear message when there is none. */
export async function placeForPost(ctx: Pick<AppContext, 'db'>, urlpoint: string) {
  const place = await q.findPublicPlace(ctx.db, urlpoint);
  if (!place) throw badRequest(MSG.mapPlaceUnknown);
  return place;
}
