import { okEnvelope, placeStatusSchema } from '../answers/index.js';
import { urlpointParams } from '../map.js';
import { occupancyReportBody, priceReportBody, serviceReportBody } from '../placeStatus.js';
import type { CallTable } from './call.js';
import { idempotentWrite } from './idempotent.js';

const status = okEnvelope(placeStatusSchema);

/** Reports on a place that age (issue #32): its services now, the price paid, "¿Hay sitio?". */
export const placeStatusCalls = {
  'GET /map/location/:urlpoint/status': { params: urlpointParams, answer: status },
  'POST /map/location/:urlpoint/service': {
    ...idempotentWrite,
    params: urlpointParams,
    body: serviceReportBody,
    answer: status,
  },
  'POST /map/location/:urlpoint/price': {
    ...idempotentWrite,
    params: urlpointParams,
    body: priceReportBody,
    answer: status,
  },
  'POST /map/location/:urlpoint/occupancy': {
    ...idempotentWrite,
    params: urlpointParams,
    body: occupancyReportBody,
    answer: status,
  },
} satisfies CallTable;
