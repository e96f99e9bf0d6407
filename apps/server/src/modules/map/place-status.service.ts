import { MSG, type MapService, type OccupancyState, type ServiceReport } from '@nomadas/shared';
import type { PlaceStatus } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { orNotFound } from '../../db/pg-errors.js';
import type { Viewer } from '../../http/auth.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { writeTransaction, type WriteKey } from '../../lib/write-once.js';
import { lockLocation } from './map.queries.js';
import { visibleLocation } from './map.service.js';
import { currentOccupancy, serviceStatuses } from './place-status.rules.js';
import * as q from './place-status.queries.js';

const HOUR_MS = 3600_000;

/** What a registered user says of a place now: a service works or not, the price paid, room tonight. */
export type PlaceReport =
  | { topic: MapService; state: ServiceReport }
  | { topic: 'precio'; price: number }
  | { topic: 'sitio'; state: OccupancyState };

function windows(ctx: AppContext, now: Date) {
  const { serviceFreshHours, occupancyHours } = ctx.config.placeReports;
  return {
    services: new Date(now.getTime() - serviceFreshHours * HOUR_MS),
    occupancy: new Date(now.getTime() - occupancyHours * HOUR_MS),
  };
}

async function statusOf(
  ctx: AppContext,
  db: Db,
  place: { id: string; services: string[] },
  viewerId: string | null,
): Promise<PlaceStatus> {
  const now = ctx.clock.now();
  const since = windows(ctx, now);
  const [fresh, price] = await Promise.all([
    q.listFreshReports(db, place.id, since.services < since.occupancy ? since.services : since.occupancy),
    q.latestPrice(db, place.id),
  ]);
  const services = fresh.filter((r) => r.topic !== 'sitio' && r.reported_at >= since.services);
  const room = fresh.filter((r) => r.topic === 'sitio' && r.reported_at >= since.occupancy);
  const occupancy = currentOccupancy(room);
  const mine = room.find((r) => r.user_id === viewerId)?.state ?? null;
  return {
    services: serviceStatuses(place.services as MapService[], services, viewerId),
    price: price ? { price: price.price, at: price.at.toISOString(), reports: price.reports } : null,
    occupancy: occupancy && { ...occupancy, at: occupancy.at.toISOString() },
    mineOccupancy: mine as OccupancyState | null,
    freshHours: ctx.config.placeReports.serviceFreshHours,
    occupancyHours: ctx.config.placeReports.occupancyHours,
  };
}

/** GET /api/map/location/{urlpoint}/status: the place's services now, the latest price paid, room tonight. */
export async function placeStatus(ctx: AppContext, viewer: Viewer | null, urlpoint: string) {
  const place = await visibleLocation(ctx, viewer, urlpoint);
  return statusOf(ctx, ctx.db, place, viewer?.id ?? null);
}

/**
 * POST /api/map/location/{urlpoint}/service | price | occupancy: the user's word replaces their earlier one on
 * the topic, on the app's clock. Room may be said once per OCCUPANCY_REPORT_MINUTES per user and place (a 429
 * with a Spanish msg); it recounts the place's current room state for the map, under the place's row lock so
 * that reports arriving together are all counted.
 */
export async function reportPlace(
  ctx: AppContext,
  viewer: Viewer,
  urlpoint: string,
  report: PlaceReport,
  key?: WriteKey<PlaceStatus>,
): Promise<PlaceStatus> {
  const place = await visibleLocation(ctx, viewer, urlpoint);
  if (report.topic !== 'precio' && report.topic !== 'sitio' && !place.services.includes(report.topic))
    throw badRequest(MSG.placeServiceUnknown);
  const answer = await orNotFound(() =>
    writeTransaction(ctx.db, key, async (trx) => {
      if (!(await lockLocation(trx, place.id))) throw notFound();
      const now = ctx.clock.now();
      if (report.topic === 'sitio') await refuseTooSoon(ctx, trx, place.id, viewer.id, now);
      await q.upsertPlaceReport(trx, {
        locationId: place.id,
        userId: viewer.id,
        topic: report.topic,
        state: report.topic === 'precio' ? null : report.state,
        price: report.topic === 'precio' ? report.price : null,
        at: now,
      });
      if (report.topic === 'sitio') await recountOccupancy(ctx, trx, place.id, now);
      return statusOf(ctx, trx, place, viewer.id);
    }),
  );
  // The map's boxes holding the place forget it, so its marker shows the new room state.
  if (report.topic === 'sitio')
    ctx.realtime.events.announce('place:changed', {
      placeId: place.id,
      lat: place.lat,
      lng: place.lng,
      what: 'reported',
    });
  return answer;
}

async function refuseTooSoon(ctx: AppContext, db: Db, locationId: string, userId: string, now: Date) {
  const everyMs = ctx.config.placeReports.occupancyEveryMinutes * 60_000;
  const last = await q.lastReportAt(db, locationId, userId, 'sitio');
  if (!last) return;
  const waitMs = last.getTime() + everyMs - now.getTime();
  if (waitMs > 0)
    throw new ApiError(429, MSG.placeOccupancyTooSoon, { 'retry-after': String(Math.ceil(waitMs / 1000)) });
}

/** Sets the place's room state for the map's points from its fresh reports. */
async function recountOccupancy(ctx: AppContext, db: Db, locationId: string, now: Date) {
  const fresh = await q.listFreshReports(db, locationId, windows(ctx, now).occupancy);
  const current = currentOccupancy(fresh.filter((r) => r.topic === 'sitio'));
  await q.setOccupancy(db, locationId, current && { state: current.state, at: current.at });
}

/**
 * Before an account goes (account-deletion.service.ts): the places whose room it reported lately, to recount
 * once its reports have gone with it (recountOccupancyOf, in the same transaction).
 */
export function occupancyReportedBy(ctx: AppContext, db: Db, userId: string): Promise<string[]> {
  return q.placesWithOccupancyBy(db, userId, windows(ctx, ctx.clock.now()).occupancy);
}

export async function recountOccupancyOf(ctx: AppContext, db: Db, locationIds: string[]): Promise<void> {
  const now = ctx.clock.now();
  for (const id of locationIds) await recountOccupancy(ctx, db, id, now);
}
