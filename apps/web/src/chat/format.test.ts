import { describe, expect, it } from 'vitest';
import { chatDay, chatDayKey, chatTime } from './format';

describe('chat formats (spec §9)', () => {
  it("shows the time as HH:MM and the day as 'D de {mes}'", () => {
    const morning = new Date(2026, 2, 5, 9, 5).getTime();
    const night = new Date(2026, 11, 31, 23, 59).getTime();
    expect(chatTime(morning)).toBe('09:05');
    expect(chatTime(night)).toBe('23:59');
    expect(chatDay(morning)).toBe('5 de marzo');
    expect(chatDay(night)).toBe('31 de diciembre');
  });

  it('tells calendar days apart, not 24-hour spans', () => {
    const lateEvening = new Date(2026, 4, 1, 23, 50).getTime();
    const justAfterMidnight = new Date(2026, 4, 2, 0, 10).getTime();
    const sameDayEarly = new Date(2026, 4, 1, 0, 1).getTime();
    expect(chatDayKey(lateEvening)).not.toBe(chatDayKey(justAfterMidnight));
    expect(chatDayKey(lateEvening)).toBe(chatDayKey(sameDayEarly));
  });
});
