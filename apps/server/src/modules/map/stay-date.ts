/** The last time zone to start a day (Kiribati's Line Islands): UTC+14. */
const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

/**
 * Whether a stay's date (YYYY-MM-DD, the traveller's own calendar) is still to come. A day is in the future
 * only once it has not begun anywhere: just after midnight in Spain it is still yesterday in UTC, and the
 * review written at the area that night is dated today.
 */
export function isFutureDay(day: string, now: Date): boolean {
  return day > new Date(now.getTime() + LATEST_UTC_OFFSET_MS).toISOString().slice(0, 10);
}
