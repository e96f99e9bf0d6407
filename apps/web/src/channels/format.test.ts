import { describe, expect, it } from 'vitest';
import {
  channelUrlFrom,
  formatDuration,
  formatMegabytes,
  spokenDuration,
  subscribersText,
  videoPath,
  viewsText,
} from './format';

describe('channel counts', () => {
  it('says one in the singular and groups thousands the Spanish way', () => {
    expect(subscribersText(0)).toBe('0 suscriptores');
    expect(subscribersText(1)).toBe('1 suscriptor');
    expect(subscribersText(2)).toBe('2 suscriptores');
    expect(subscribersText(12345)).toBe('12.345 suscriptores');
    expect(viewsText(1)).toBe('1 visualización');
    expect(viewsText(1_250_000)).toBe('1.250.000 visualizaciones');
  });

  it('writes megabytes with one decimal and a comma', () => {
    expect(formatMegabytes(0)).toBe('0,0 MB');
    expect(formatMegabytes(5 * 1024 * 1024 + 300 * 1024)).toBe('5,3 MB');
  });
});

describe('video durations', () => {
  it('shows minutes and seconds, and hours only when there are any', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(599.6)).toBe('10:00');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('reads them aloud without the empty parts', () => {
    expect(spokenDuration(0)).toBe('0 s');
    expect(spokenDuration(42)).toBe('42 s');
    expect(spokenDuration(120)).toBe('2 min');
    expect(spokenDuration(3725)).toBe('1 h 2 min 5 s');
  });
});

describe('channel addresses', () => {
  it('makes the preview of an address from the name: ASCII words and hyphens, within the limit', () => {
    expect(channelUrlFrom('Ruta por Ávila')).toBe('ruta-por-avila');
    expect(channelUrlFrom('  ¡Camper & Niños!  ')).toBe('camper-ninos');
    expect(channelUrlFrom('🚐🚐')).toBe('');
    const long = channelUrlFrom('Vuelta a la península ibérica en autocaravana con perro');
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toBe('vuelta-a-la-peninsula-iberica-en');
  });

  it('escapes the parts of a path', () => {
    expect(videoPath('ruta norte', 'picos?')).toBe('/canales/ruta%20norte/picos%3F');
  });
});
