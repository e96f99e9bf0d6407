import { describe, expect, it } from 'vitest';
import { currentOccupancy, serviceStatuses, type FreshReport } from './place-status.rules.js';

const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 29, 12, 0) - minutesAgo * 60_000);
const report = (user: string, topic: string, state: string, minutesAgo: number, weight = 1): FreshReport => ({
  user_id: user,
  topic,
  state,
  weight,
  reported_at: at(minutesAgo),
});

describe('serviceStatuses', () => {
  it('counts agreeing reports, shows disagreeing ones as such, and the rest unconfirmed', () => {
    const fresh = [
      report('1', 'agua', 'funciona', 30),
      report('2', 'agua', 'funciona', 10),
      report('1', 'wc', 'funciona', 5),
      report('3', 'wc', 'no_funciona', 50),
    ];
    expect(serviceStatuses(['agua', 'wc', 'wifi'], fresh, '1')).toEqual([
      { service: 'agua', state: 'funciona', works: 2, broken: 0, at: at(10).toISOString(), mine: 'funciona' },
      { service: 'wc', state: 'distintas', works: 1, broken: 1, at: at(5).toISOString(), mine: 'funciona' },
      { service: 'wifi', state: 'sin_confirmar', works: 0, broken: 0, at: null, mine: null },
    ]);
  });
});

describe('currentOccupancy', () => {
  it('is the state said last among those that weigh one account in full', () => {
    expect(currentOccupancy([report('1', 'sitio', 'sitio', 90), report('2', 'sitio', 'lleno', 20)])).toEqual({
      state: 'lleno',
      at: at(20),
      reports: 1,
    });
    // A new account alone (a quarter) does not override an established one; four together do.
    const newcomers = ['a', 'b', 'c', 'd'].map((user, i) => report(user, 'sitio', 'lleno', 10 - i, 0.25));
    expect(currentOccupancy([report('1', 'sitio', 'sitio', 90), newcomers[0]!])).toMatchObject({
      state: 'sitio',
    });
    expect(currentOccupancy([report('1', 'sitio', 'sitio', 90), ...newcomers])).toEqual({
      state: 'lleno',
      at: at(7),
      reports: 4,
    });
    expect(currentOccupancy(newcomers.slice(0, 3))).toBeNull();
    expect(currentOccupancy([report('1', 'agua', 'funciona', 1)])).toBeNull();
  });
});
