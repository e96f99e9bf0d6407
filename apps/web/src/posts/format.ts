import { esMuro } from '../i18n/screens/muro';

const DAY_MS = 86_400_000;

// Made on first use: the grid never shows a date, and a page's first Intl object is costly to create.
let formats:
  | {
      dayMonth: Intl.DateTimeFormat;
      dayMonthYear: Intl.DateTimeFormat;
      full: Intl.DateTimeFormat;
      relative: Intl.RelativeTimeFormat;
    }
  | undefined;
const fmt = () =>
  (formats ??= {
    dayMonth: new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long' }),
    dayMonthYear: new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' }),
    full: new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeStyle: 'short' }),
    relative: new Intl.RelativeTimeFormat('es-ES', { numeric: 'auto', style: 'short' }),
  });

/** 'D de {mes}' (spec §9), with the year when it is not this one. */
function dayOfMonth(date: Date, now = new Date()): string {
  const { dayMonth, dayMonthYear } = fmt();
  return (date.getFullYear() === now.getFullYear() ? dayMonth : dayMonthYear).format(date);
}

/** 'hace 5 min', 'hace 3 h', 'ayer'…; null past a week, when the date itself says more. */
function timeAgo(date: Date, now = Date.now()): string | null {
  const seconds = Math.round((now - date.getTime()) / 1000);
  const { relative } = fmt();
  if (seconds < 45) return esMuro.date.now;
  if (seconds < 3600) return relative.format(-Math.round(seconds / 60), 'minute');
  if (seconds < 86_400) return relative.format(-Math.round(seconds / 3600), 'hour');
  if (seconds < (7 * DAY_MS) / 1000) return relative.format(-Math.round(seconds / 86_400), 'day');
  return null;
}

interface DateLabel {
  iso: string;
  /** What is shown. */
  text: string;
  /** The full date and time, for the title attribute. */
  title: string;
}

/** A post's date: 'D de {mes}' plus how long ago when recent. Comments use the short form only. */
export function dateLabel(iso: string, short = false): DateLabel {
  const date = new Date(iso);
  const ago = timeAgo(date);
  const day = dayOfMonth(date);
  const text = short ? (ago ?? day) : ago ? `${day} · ${ago}` : day;
  return { iso, text, title: fmt().full.format(date) };
}

/** A post's text cut for an image's alt (a screen reader should not read 500 characters twice). */
export function shorten(text: string, max = 120): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/** The first words of a text, up to `max` characters, cut between words and marked with '…'. */
export function firstWords(text: string, max = 48): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).replace(/[\s,.;:]+$/, '')}…`;
}
