/** Place reports that age (issue #32): plain constants, free of zod, for the map screen. */

/** What a registered user says of a service the place has. */
export const SERVICE_REPORTS = ['funciona', 'no_funciona'] as const;
export type ServiceReport = (typeof SERVICE_REPORTS)[number];

/**
 * A service's state on the sheet: the fresh reports all say it works or all say it does not, they disagree
 * (shown with both counts, never averaged), or there is none fresh.
 */
export const SERVICE_STATES = ['funciona', 'no_funciona', 'distintas', 'sin_confirmar'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

/** "¿Hay sitio?": full, few places left, room. */
export const OCCUPANCY_STATES = ['lleno', 'pocas', 'sitio'] as const;
export type OccupancyState = (typeof OCCUPANCY_STATES)[number];

/** Fresh "¿Hay sitio?" reports of one state must weigh this much to show (one established account, four new ones). */
export const OCCUPANCY_MIN_WEIGHT = 1;

/** The price paid a user may report, € per night (0: free). */
export const REPORTED_PRICE_MAX = 500;
