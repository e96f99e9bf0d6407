import { esNotifications } from './screens/notifications';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

// Made on first use: a page's first Intl object is costly to create.
let formats: { relative: Intl.RelativeTimeFormat; full: Intl.DateTimeFormat } | undefined;
const fmt = () =>
  (formats ??= {
    relative: new Intl.RelativeTimeFormat('es', { numeric: 'auto' }),
    full: new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeStyle: 'short' }),
  });

/** 'ahora mismo', 'hace 5 minutos', 'ayer', 'hace 2 semanas', 'hace 3 meses'… */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  const { relative } = fmt();
  if (seconds < 45) return esNotifications.now;
  if (seconds < HOUR) return relative.format(-Math.max(1, Math.round(seconds / MINUTE)), 'minute');
  if (seconds < DAY) return relative.format(-Math.round(seconds / HOUR), 'hour');
  if (seconds < WEEK) return relative.format(-Math.round(seconds / DAY), 'day');
  if (seconds < MONTH) return relative.format(-Math.round(seconds / WEEK), 'week');
  if (seconds < YEAR) return relative.format(-Math.round(seconds / MONTH), 'month');
  return relative.format(-Math.round(seconds / YEAR), 'year');
}

/** The full date and time, for a `title`. */
export const fullDate = (iso: string) => fmt().full.format(new Date(iso));
