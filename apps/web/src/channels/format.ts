import { CHANNEL_URL_MAX } from '@nomadas/shared';
import { formatCount } from '../i18n/numbers';
import { esChannels } from '../i18n/screens/channels';

const text = esChannels;

// Made on first use: a page's first Intl object is costly to create.
let megabytes: Intl.NumberFormat | undefined;

export const subscribersText = (n: number) => text.subscribers(n, formatCount(n));
export const videosText = (n: number) => text.videos(n, formatCount(n));
export const viewsText = (n: number) => text.views(n, formatCount(n));
export const likesText = (n: number) => text.likes(n, formatCount(n));

function parts(totalSeconds: number) {
  const whole = Math.max(0, Math.round(totalSeconds));
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
}

/** A video's length as players show it: 65 → '1:05', 3725 → '1:02:05'. */
export function formatDuration(totalSeconds: number): string {
  const { hours, minutes, seconds } = parts(totalSeconds);
  const ss = String(seconds).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/** The same length read aloud: 65 → '1 min 5 s'. */
export function spokenDuration(totalSeconds: number): string {
  const { hours, minutes, seconds } = parts(totalSeconds);
  return text.duration(hours, minutes, seconds);
}

/** Bytes as megabytes with one decimal: '12,3 MB'. */
export function formatMegabytes(bytes: number): string {
  megabytes ??= new Intl.NumberFormat('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${megabytes.format(bytes / (1024 * 1024))} MB`;
}

/**
 * The address a channel gets from its name when none is given ('Ruta por Ávila' → 'ruta-por-avila'): lowercase
 * ASCII words joined by hyphens, as many as fit. A preview only: the server has the last word (and the
 * channels already taken).
 */
export function channelUrlFrom(nombre: string): string {
  const words = nombre
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let url = '';
  for (const word of words) {
    const next = url ? `${url}-${word}` : word.slice(0, CHANNEL_URL_MAX);
    if (next.length > CHANNEL_URL_MAX) break;
    url = next;
  }
  return url;
}

/** The path of a channel and of one of its videos. */
export const channelPath = (url: string) => `/canales/${encodeURIComponent(url)}`;
export const videoPath = (canal: string, name: string) =>
  `/canales/${encodeURIComponent(canal)}/${encodeURIComponent(name)}`;
