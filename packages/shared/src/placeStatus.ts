import { z } from 'zod';
import { MAP_SERVICES } from './mapConstants.js';
import { MSG } from './messages.js';
import { OCCUPANCY_STATES, REPORTED_PRICE_MAX, SERVICE_REPORTS } from './placeStatusConstants.js';

// Requests of the place reports that age (issue #32): one tap each on a sheet.

/** POST /api/map/location/{urlpoint}/service: a service of the place works or not, now. */
export const serviceReportBody = z.object({
  service: z.enum(MAP_SERVICES, { error: MSG.placeServiceUnknown }),
  state: z.enum(SERVICE_REPORTS, { error: MSG.invalidInput }),
});
export type ServiceReportBody = z.input<typeof serviceReportBody>;

/** POST /api/map/location/{urlpoint}/price: what the user paid for a night (0: free), today. */
export const priceReportBody = z.object({
  price: z
    .number({ error: MSG.placePriceInvalid })
    .min(0, { error: MSG.placePriceInvalid })
    .max(REPORTED_PRICE_MAX, { error: MSG.placePriceInvalid })
    .multipleOf(0.01, { error: MSG.placePriceInvalid }),
});
export type PriceReportBody = z.input<typeof priceReportBody>;

/** POST /api/map/location/{urlpoint}/occupancy: "¿Hay sitio?" now. */
export const occupancyReportBody = z.object({
  state: z.enum(OCCUPANCY_STATES, { error: MSG.invalidInput }),
});
export type OccupancyReportBody = z.input<typeof occupancyReportBody>;
