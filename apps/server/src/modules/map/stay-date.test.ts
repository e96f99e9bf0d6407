import { describe, expect, it } from 'vitest';
import { isFutureDay } from './stay-date.js';

describe('isFutureDay', () => {
  it("takes the traveller's today as today, even where UTC is still on yesterday", () => {
    // 00:30 in Madrid (CET), 23:30 the day before in UTC.
    const now = new Date('2026-11-23T23:30:00Z');
    expect(isFutureDay('2026-11-23', now)).toBe(false);
    expect(isFutureDay('2026-11-24', now)).toBe(false);
    expect(isFutureDay('2026-11-25', now)).toBe(true);
  });

  it('refuses a day that has begun nowhere yet', () => {
    const now = new Date('2026-11-23T09:59:00Z');
    expect(isFutureDay('2026-11-23', now)).toBe(false);
    expect(isFutureDay('2026-11-24', now)).toBe(true);
    expect(isFutureDay('2999-01-01', now)).toBe(true);
  });
});
