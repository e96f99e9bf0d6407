import { esPlaceStatus } from '../i18n/screens/placeStatus';

/**
 * How old a place report is, short ("hace 20 min"): from its ISO date (a sheet) or its seconds since 1970 (the
 * map's points), read against the device's clock when drawn.
 */
export function reportAge(at: string | number, now = Date.now()): string {
  const ms = typeof at === 'number' ? at * 1000 : Date.parse(at);
  return esPlaceStatus.ago(Math.max(0, Math.round((now - ms) / 1000)));
}
