import { MSG, type MapKind } from '@nomadas/shared';
import type { ReportedPlace } from '@nomadas/shared/answers';
import type { MapReportAction } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { releaseImage } from '../posts/posts.service.js';
import * as q from './map.queries.js';

/** Places listed at once on /moderacion, each with its latest reasons. */
const REPORTED_PLACES_MAX = 50;
const REASONS_EACH = 5;

/** GET /api/moderacion/lugares: places that users say have wrong data, the most recently reported first. */
export async function listReportedPlaces(ctx: AppContext): Promise<ReportedPlace[]> {
  const rows = await q.selectReportedPlaces(ctx.db, REPORTED_PLACES_MAX, REASONS_EACH);
  return rows.map((row) => ({
    urlpoint: row.urlpoint,
    name: row.name,
    kind: row.kind as MapKind,
    draft: row.status === 'draft',
    reports: row.reports,
    // A reporter whose account is gone still counts; their name does not.
    reasons: row.reasons.map((reason) => ({ ...reason, username: reason.username ?? '' })),
  }));
}

/**
 * POST /api/moderacion/lugares/{urlpoint}: `dismiss` clears the place's reports; `remove` deletes the place
 * (reviews, confirmations and reports with it; posts that named it keep their photo and lose the name) and
 * then the photo files no post or place still shows.
 */
export async function reviewReportedPlace(
  ctx: AppContext,
  urlpoint: string,
  action: MapReportAction,
): Promise<string> {
  const place = await q.findLocation(ctx.db, urlpoint);
  if (!place) throw notFound();
  if (action === 'dismiss') {
    await q.deleteReports(ctx.db, place.id);
    return MSG.mapReportsDismissed;
  }
  const photos = await q.deleteLocation(ctx.db, place.id);
  if (!photos) throw notFound();
  // The wall hears it too: posts that named it show no place now.
  ctx.realtime.events.announce('place:changed', {
    placeId: place.id,
    lat: place.lat,
    lng: place.lng,
    what: 'removed',
  });
  for (const photo of photos) await releaseImage(ctx, photo);
  return MSG.mapPlaceRemoved;
}
