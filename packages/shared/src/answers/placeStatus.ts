import { z } from 'zod';
import { MAP_SERVICES } from '../mapConstants.js';
import { OCCUPANCY_STATES, SERVICE_REPORTS, SERVICE_STATES } from '../placeStatusConstants.js';

const isoDate = z.string().describe('ISO 8601.');

/** One service of a place as its fresh reports tell it. */
export const serviceStatusSchema = z.strictObject({
  service: z.enum(MAP_SERVICES),
  state: z.enum(SERVICE_STATES),
  works: z.number().int().min(0).describe('Fresh reports that it works (one per user).'),
  broken: z.number().int().min(0).describe('Fresh reports that it does not.'),
  at: isoDate.nullable().describe('The newest fresh report; null when none is fresh.'),
  mine: z.enum(SERVICE_REPORTS).nullable().describe('The caller’s own fresh report.'),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** `data` of GET /api/map/location/{urlpoint}/status and of the reports' writes. */
export const placeStatusSchema = z
  .strictObject({
    services: z.array(serviceStatusSchema).describe('Each service the place has, in the sheet’s order.'),
    price: z
      .strictObject({ price: z.number().min(0), at: isoDate, reports: z.number().int().min(1) })
      .nullable()
      .describe('The latest price paid (€ per night, 0: free) and when; reports: users who gave one.'),
    occupancy: z
      .strictObject({ state: z.enum(OCCUPANCY_STATES), at: isoDate, reports: z.number().int().min(1) })
      .nullable()
      .describe(
        '"¿Hay sitio?" now: the freshest state whose fresh reports weigh enough; null: nobody knows.',
      ),
    mineOccupancy: z.enum(OCCUPANCY_STATES).nullable().describe('The caller’s own fresh "¿Hay sitio?".'),
    freshHours: z.number().describe('Hours a service report counts.'),
    occupancyHours: z.number().describe('Hours a "¿Hay sitio?" report counts.'),
  })
  .meta({ id: 'PlaceStatus' });
export type PlaceStatus = z.infer<typeof placeStatusSchema>;
