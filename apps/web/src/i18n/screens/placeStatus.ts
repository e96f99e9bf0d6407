// Texts of the reports that age on a place (issue #32): its services now, the price paid and "¿Hay sitio?",
// on its sheet, its marker and the map's list.
import type { MapService, OccupancyState } from '@nomadas/shared';
import { esMapa } from './mapa';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const nomads = (n: number) => (n === 1 ? '1 nómada' : `${n} nómadas`);
const euros = (price: number) =>
  price.toLocaleString('es-ES', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

export const esPlaceStatus = {
  /** "hace 3 h", "hace 20 min", "hace 2 d": how old a report is, short. */
  ago(seconds: number): string {
    if (seconds < MINUTE) return 'ahora';
    if (seconds < HOUR) return `hace ${Math.round(seconds / MINUTE)} min`;
    if (seconds < DAY) return `hace ${Math.round(seconds / HOUR)} h`;
    return `hace ${Math.round(seconds / DAY)} d`;
  },

  services: {
    heading: 'Servicios',
    /** Under the heading: how the states are made. */
    hint: (hours: number) =>
      `Lo que dicen los nómadas de las últimas ${hours} h. Toca si funciona o no cuando pases por aquí.`,
    none: 'Este lugar no indica servicios.',
    /** "Agua potable: funciona · confirmado hace 3 h por 4 nómadas". */
    state: {
      funciona: 'funciona',
      no_funciona: 'no funciona',
      distintas: 'opiniones distintas',
      sin_confirmar: 'sin confirmar',
    },
    confirmed: (ago: string, n: number) => `confirmado ${ago} por ${nomads(n)}`,
    reported: (ago: string, n: number) => `avisado ${ago} por ${nomads(n)}`,
    split: (works: number, broken: number) => `${works} funciona, ${broken} no funciona`,
    line: (service: MapService, state: string, detail: string) =>
      `${esMapa.services[service]}: ${state}${detail ? ` · ${detail}` : ''}`,
    works: 'Funciona',
    broken: 'No funciona',
    /** The buttons' accessible names. */
    worksLabel: (service: MapService) => `${esMapa.services[service]} funciona`,
    brokenLabel: (service: MapService) => `${esMapa.services[service]} no funciona`,
  },

  price: {
    heading: 'Precio pagado',
    latest: (price: number, ago: string, n: number) =>
      `${price === 0 ? 'Gratis' : `${euros(price)} €/noche`} · ${ago}${n > 1 ? ` · ${nomads(n)} lo han dicho` : ''}`,
    none: 'Nadie ha dicho aún lo que pagó.',
    label: '¿Cuánto pagaste por noche? (€, 0 si es gratis)',
    send: 'Avisar del precio',
  },

  occupancy: {
    heading: '¿Hay sitio?',
    hint: (hours: number) => `Cuenta durante ${hours} h. Toca lo que ves ahora.`,
    states: {
      lleno: 'Lleno',
      pocas: 'Quedan pocas plazas',
      sitio: 'Hay sitio',
    } satisfies Record<OccupancyState, string>,
    /** Short, on the marker's badge and the list. */
    short: { lleno: 'Lleno', pocas: 'Pocas', sitio: 'Sitio' } satisfies Record<OccupancyState, string>,
    current: (state: OccupancyState, ago: string, n: number) =>
      `${esPlaceStatus.occupancy.states[state]} · ${ago}${n > 1 ? ` · ${nomads(n)}` : ''}`,
    unknown: 'Nadie ha avisado en las últimas horas.',
    /** The marker's and the list's accessible text. */
    label: (state: OccupancyState, ago: string) => `${esPlaceStatus.occupancy.states[state]}, ${ago}`,
  },

  login: 'Entra para avisar de los servicios, el precio o si hay sitio.',
  pending: 'Tu aviso está pendiente: se enviará al volver la conexión.',
  failed: 'No hemos podido cargar el estado de los servicios.',
};
