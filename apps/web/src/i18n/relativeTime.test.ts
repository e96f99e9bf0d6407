import { describe, expect, it } from 'vitest';
import { timeAgo } from './relativeTime';

const NOW = Date.parse('2026-05-20T12:00:00Z');
const ago = (seconds: number) => timeAgo(new Date(NOW - seconds * 1000).toISOString(), NOW);

describe('timeAgo', () => {
  it('says how long ago in Spanish words', () => {
    expect(ago(10)).toBe('ahora mismo');
    expect(ago(60)).toBe('hace 1 minuto');
    expect(ago(5 * 60)).toBe('hace 5 minutos');
    expect(ago(3 * 3600)).toBe('hace 3 horas');
    expect(ago(86_400)).toBe('ayer');
    expect(ago(3 * 86_400)).toBe('hace 3 días');
    expect(ago(14 * 86_400)).toBe('hace 2 semanas');
    expect(ago(90 * 86_400)).toBe('hace 3 meses');
    expect(ago(800 * 86_400)).toBe('hace 2 años');
  });

  it('reads a clock slightly ahead of the server as now', () => {
    expect(ago(-30)).toBe('ahora mismo');
  });
});
