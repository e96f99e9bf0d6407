/**
 * The time that services which age data read (place reports, issue #32) and the map's box cache: the
 * system's in the app, one a test moves forward (`TestServer.clock.advance`) so that ageing is tested without
 * sleeping. The database's now() is not used for what ages, so both read the same time.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system's time plus an offset the test moves forward. */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}
