import crypto from 'node:crypto';
import { insertLocation, type NewLocationRow } from '../modules/map/map.queries.js';
import type { TestServer } from './harness.js';

/** A place on the map, inserted directly (public unless told otherwise), with a urlpoint of its own, and announced. */
export async function createPlace(
  t: TestServer,
  overrides: Partial<NewLocationRow> = {},
): Promise<NewLocationRow & { id: string }> {
  const row: NewLocationRow = {
    urlpoint: `area-prueba-${crypto.randomBytes(4).toString('hex')}`,
    kind: 'default',
    name: 'Área de autocaravanas de prueba',
    description: 'Área asfaltada junto al polideportivo.',
    lat: 42.4588,
    lng: -6.056,
    municipality: 'Astorga',
    province: 'León',
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
    ...overrides,
  };
  const { id } = await insertLocation(t.db, row);
  // As the app's writers do after their commit: the instances' caches and search index hear of it.
  t.ctx.realtime.events.announce('place:changed', { placeId: id, lat: row.lat, lng: row.lng, what: 'added' });
  return { ...row, id };
}
