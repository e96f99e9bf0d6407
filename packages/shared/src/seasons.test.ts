import { describe, expect, it } from 'vitest';
import {
  isOpenIn,
  maskMonths,
  monthInSpain,
  monthRuns,
  monthsMask,
  MONTHS_ALL,
  parseSeason,
} from './seasons.js';

const months = (text: string) => {
  const mask = parseSeason(text);
  return mask === null ? null : maskMonths(mask);
};

describe('parseSeason', () => {
  it('reads "todo el año" in its usual spellings', () => {
    expect(parseSeason('Todo el año')).toBe(MONTHS_ALL);
    expect(parseSeason('todo el ano')).toBe(MONTHS_ALL);
    expect(parseSeason('Abierto todo el año.')).toBe(MONTHS_ALL);
  });

  it('reads ranges of Spanish month names, across the new year too', () => {
    expect(months('De junio a septiembre')).toEqual([6, 7, 8, 9]);
    expect(months('de Noviembre a Marzo')).toEqual([1, 2, 3, 11, 12]);
    expect(months('Desde abril hasta octubre')).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(months('Abr.–Oct.')).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(months('abr a oct')).toEqual([4, 5, 6, 7, 8, 9, 10]);
  });

  it('reads lists and lists of ranges', () => {
    expect(months('Julio y agosto')).toEqual([7, 8]);
    expect(months('Enero, febrero y de junio a septiembre')).toEqual([1, 2, 6, 7, 8, 9]);
    expect(months('setiembre')).toEqual([9]);
  });

  it('answers null for what is not months alone', () => {
    expect(parseSeason('')).toBeNull();
    expect(parseSeason('Semana Santa')).toBeNull();
    expect(parseSeason('De junio a')).toBeNull();
    expect(parseSeason('Según el tiempo')).toBeNull();
  });
});

describe('months', () => {
  it('tells whether a mask is open in a month; a season not stated counts as open', () => {
    const summer = monthsMask([6, 7, 8, 9]);
    expect(isOpenIn(summer, 6)).toBe(true);
    expect(isOpenIn(summer, 10)).toBe(false);
    expect(isOpenIn(null, 1)).toBe(true);
  });

  it('gives the runs of a mask, one crossing the new year kept whole', () => {
    expect(monthRuns(monthsMask([6, 7, 8, 9]))).toEqual([[6, 9]]);
    expect(monthRuns(monthsMask([11, 12, 1, 2, 3]))).toEqual([[11, 3]]);
    expect(monthRuns(monthsMask([1, 2, 6, 7]))).toEqual([
      [1, 2],
      [6, 7],
    ]);
    expect(monthRuns(MONTHS_ALL)).toEqual([]);
  });

  it('takes the month in Spain, not in UTC', () => {
    expect(monthInSpain(new Date('2026-11-30T23:30:00Z'))).toBe(12);
    expect(monthInSpain(new Date('2026-07-15T12:00:00Z'))).toBe(7);
  });
});
