import { z } from 'zod';
import {
  livePositionSchema,
  lpgNearSchema,
  mapConfirmationSchema,
  mapLocationSchema,
  mapOfflineSchema,
  mapPlaceSchema,
  mapPointsSchema,
  myPlaceSchema,
  okEnvelope,
  okMessage,
  savedStateSchema,
} from '../answers/index.js';
import {
  locationReportBody,
  lpgNearQuery,
  mapNearbyQuery,
  mapOfflineQuery,
  mapPointsQuery,
  newLocationBody,
  placePhotoParams,
  reviewBody,
  savePlaceBody,
  urlpointParams,
} from '../map.js';
import type { CallTable } from './call.js';
import { idempotentWrite } from './idempotent.js';

const sheet = okEnvelope(mapLocationSchema);

/** The map: points in a box, a place's sheet, the places kept offline, adding and reviewing places, live positions. */
export const mapCalls = {
  'GET /map/points': { query: mapPointsQuery, answer: okEnvelope(mapPointsSchema) },
  'GET /map/location/:urlpoint': { params: urlpointParams, answer: sheet },
  'GET /map/nearby': { query: mapNearbyQuery, answer: okEnvelope(z.array(mapPlaceSchema)) },
  'GET /map/glp': { query: lpgNearQuery, answer: okEnvelope(lpgNearSchema) },
  'GET /map/offline': { query: mapOfflineQuery, answer: okEnvelope(mapOfflineSchema) },
  'GET /map/positions': { answer: okEnvelope(z.array(livePositionSchema)) },
  'POST /map/location': { body: newLocationBody, answer: sheet },
  'POST /map/location/:urlpoint/confirm': {
    ...idempotentWrite,
    params: urlpointParams,
    answer: okEnvelope(mapConfirmationSchema),
  },
  'POST /map/location/:urlpoint/review': {
    ...idempotentWrite,
    params: urlpointParams,
    body: reviewBody,
    answer: sheet,
  },
  'POST /map/location/:urlpoint/report': {
    params: urlpointParams,
    body: locationReportBody,
    answer: okMessage,
  },
  'POST /map/location/:urlpoint/photo': { params: urlpointParams, form: { media: 'file' }, answer: sheet },
  'DELETE /map/location/:urlpoint/photo/:photo': { params: placePhotoParams, answer: sheet },
  'POST /map/location/:urlpoint/save': {
    ...idempotentWrite,
    params: urlpointParams,
    body: savePlaceBody,
    answer: okEnvelope(savedStateSchema),
  },
  'GET /map/saved': { answer: okEnvelope(z.array(myPlaceSchema)) },
} satisfies CallTable;
