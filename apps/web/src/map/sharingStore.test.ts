import { describe, expect, it } from 'vitest';
import {
  coarsenCoordinates,
  distanceKm,
  POSITION_UPDATE_MS,
  STORAGE_KEYS,
  VISIBILITY_RANGE_DEFAULT,
  type Coordinates,
  type MapPositionFrame,
} from '@nomadas/shared';
import { FakeClock } from '../test/fakeClock';
import { MemoryStorage } from '../test/memoryStorage';
import { seededRandom } from '../test/seededRandom';
import { createSharingStore, parseRange } from './sharingStore';

const HOUR = 3_600_000;
const ASTORGA: Coordinates = { latitude: 42.4589, longitude: -6.0563 };

/** Lets the awaited position (a resolved promise) reach the store: a few turns of the microtask queue. */
async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

function setup(
  options: { position?: Coordinates | false; storage?: MemoryStorage; random?: () => number } = {},
) {
  const clock = new FakeClock();
  const storage = options.storage ?? new MemoryStorage();
  const sent: MapPositionFrame[] = [];
  let position: Coordinates | false = options.position ?? ASTORGA;
  let pending: ((value: Coordinates | false) => void) | null = null;
  let manual = false;
  let failures = 0;
  const sharing = createSharingStore({
    clock,
    storage,
    locate: () => (manual ? new Promise((resolve) => (pending = resolve)) : Promise.resolve(position)),
    send: (frame) => sent.push(frame),
    onLocateFailed: () => failures++,
    ...(options.random ? { random: options.random } : {}),
  });
  return {
    clock,
    storage,
    sent,
    sharing,
    setPosition: (next: Coordinates | false) => (position = next),
    holdPositions: () => (manual = true),
    answerPosition: (value: Coordinates | false) => pending?.(value),
    failures: () => failures,
    /** Moves the clock and lets every position read meanwhile arrive. */
    async advance(ms: number) {
      for (let step = 0; step < ms; step += 1000) {
        clock.advance(Math.min(1000, ms - step));
        await flush();
      }
    },
  };
}

describe('parseRange (spec §5)', () => {
  it('takes integers of at least 1 metre, from numbers or text', () => {
    expect(parseRange(1)).toBe(1);
    expect(parseRange('500')).toBe(500);
    expect(parseRange(0)).toBeNull();
    expect(parseRange(-5)).toBeNull();
    expect(parseRange(2.5)).toBeNull();
    expect(parseRange('abc')).toBeNull();
    expect(parseRange('')).toBeNull();
    expect(parseRange(null)).toBeNull();
  });
});

describe('position sharing', () => {
  it('starts hidden with the default range of 1000 m', () => {
    const t = setup();
    t.sharing.start();
    expect(t.sharing.state.get()).toMatchObject({ type: 0, range: VISIBILITY_RANGE_DEFAULT, until: null });
    expect(t.sent).toEqual([]);
    expect(t.clock.pending).toBe(0);
  });

  it('sends an obfuscated point within the range at once and every 20 s, never the real one', async () => {
    const t = setup();
    t.sharing.start();
    expect(t.sharing.share(1, 500, 1)).toBe(true);
    await flush();
    expect(t.sent).toHaveLength(1);
    await t.advance(POSITION_UPDATE_MS - 1000);
    expect(t.sent).toHaveLength(1);
    await t.advance(1000);
    expect(t.sent).toHaveLength(2);
    await t.advance(3 * POSITION_UPDATE_MS);
    expect(t.sent).toHaveLength(5);
    for (const frame of t.sent) {
      expect(frame).toMatchObject({
        t: 'm',
        ta: 'pos',
        type: 1,
        until: t.clock.now() - 4 * POSITION_UPDATE_MS + HOUR,
      });
      const metres = distanceKm(ASTORGA, { latitude: frame.lat, longitude: frame.lng }) * 1000;
      expect(metres).toBeLessThanOrEqual(500.1);
      expect(frame.lat === ASTORGA.latitude && frame.lng === ASTORGA.longitude).toBe(false);
    }
    expect(JSON.parse(t.storage.getItem(STORAGE_KEYS.visible)!)).toEqual({
      type: 1,
      until: t.sent[0]!.until,
    });
    expect(t.storage.getItem(STORAGE_KEYS.visibleRange)).toBe('500');
  });

  it('type 0 sends 0,0 with type 0 at once and stops the updates', async () => {
    const t = setup();
    t.sharing.start();
    t.sharing.share(2, 1000, 8);
    await flush();
    t.sharing.hide();
    expect(t.sent.at(-1)).toEqual({ t: 'm', ta: 'pos', lng: 0, lat: 0, type: 0 });
    const count = t.sent.length;
    await t.advance(5 * POSITION_UPDATE_MS);
    expect(t.sent).toHaveLength(count);
    expect(t.clock.pending).toBe(0);
    expect(t.storage.getItem(STORAGE_KEYS.visible)).toBeNull();
    expect(t.sharing.state.get()).toMatchObject({ type: 0, until: null, range: 1000 });
  });

  it('stops by itself at `until`, wiping the point', async () => {
    const t = setup();
    t.sharing.start();
    t.sharing.share(1, 1000, 1);
    await t.advance(HOUR - 1000);
    const beforeEnd = t.sent.length;
    expect(beforeEnd).toBe(Math.ceil((HOUR - 1000) / POSITION_UPDATE_MS));
    await t.advance(1000);
    expect(t.sent.at(-1)).toMatchObject({ type: 0, lat: 0, lng: 0 });
    await t.advance(HOUR);
    expect(t.sent.at(-1)).toMatchObject({ type: 0 });
    expect(t.sent.filter((frame) => frame.type === 0)).toHaveLength(1);
    expect(t.sharing.state.get().type).toBe(0);
    expect(t.clock.pending).toBe(0);
  });

  it('never sends a position that was read for settings changed meanwhile', async () => {
    const t = setup();
    t.sharing.start();
    t.holdPositions();
    t.sharing.share(1, 1000, 1);
    t.sharing.hide();
    t.answerPosition(ASTORGA);
    await flush();
    expect(t.sent).toEqual([{ t: 'm', ta: 'pos', lng: 0, lat: 0, type: 0 }]);
  });

  it('refuses a bad range and keeps what it had', () => {
    const t = setup();
    t.sharing.start();
    expect(t.sharing.share(1, 0, 1)).toBe(false);
    expect(t.sharing.share(1, 12.5, 1)).toBe(false);
    expect(t.sharing.state.get()).toMatchObject({ type: 0, range: 1000 });
    expect(t.sent).toEqual([]);
  });

  it('says once when the position cannot be read, and keeps trying', async () => {
    const t = setup({ position: false });
    t.sharing.start();
    t.sharing.share(1, 1000, 1);
    await t.advance(3 * POSITION_UPDATE_MS);
    expect(t.sent).toEqual([]);
    expect(t.failures()).toBe(1);
    expect(t.sharing.state.get().failed).toBe(true);
    t.setPosition(ASTORGA);
    await t.advance(POSITION_UPDATE_MS);
    expect(t.sent).toHaveLength(1);
    expect(t.sharing.state.get().failed).toBe(false);
  });

  it('is restored at login until its time is up, and an expired one is dropped', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    first.sharing.start();
    first.sharing.share(2, 300, 1);
    await flush();
    first.sharing.stop();
    expect(first.clock.pending).toBe(0);

    // A reload half an hour later: the same settings go on.
    const again = setup({ storage });
    again.clock.advance(HOUR / 2);
    again.sharing.start();
    await flush();
    expect(again.sharing.state.get()).toMatchObject({ type: 2, range: 300 });
    expect(again.sent).toHaveLength(1);
    expect(again.sent[0]).toMatchObject({ type: 2, until: first.sent[0]!.until });

    // Two hours later: nothing to restore.
    const late = setup({ storage });
    late.clock.advance(2 * HOUR);
    late.sharing.start();
    await flush();
    expect(late.sharing.state.get()).toMatchObject({ type: 0, range: 300 });
    expect(late.sent).toEqual([]);
    expect(storage.getItem(STORAGE_KEYS.visible)).toBeNull();
  });

  it('stops the timer at logout without sending anything more', async () => {
    const t = setup();
    t.sharing.start();
    t.sharing.share(1, 1000, 24);
    await flush();
    t.sharing.stop();
    await t.advance(2 * POSITION_UPDATE_MS);
    expect(t.sent).toHaveLength(1);
    expect(t.sharing.state.get()).toMatchObject({ type: 0, until: null });
  });
});

describe('what a watcher can average out of the points sent (DESIGN.md §6, issue #28)', () => {
  const RANGE = 1000;
  const SAMPLES_PER_HOUR = HOUR / POSITION_UPDATE_MS;
  const metres = (a: Coordinates, b: Coordinates) => distanceKm(a, b) * 1000;
  const pointOf = (frame: MapPositionFrame): Coordinates => ({ latitude: frame.lat, longitude: frame.lng });
  /** What a friend receives of each frame: the server's coarsened point. */
  const received = (frames: MapPositionFrame[]) => frames.map((frame) => coarsenCoordinates(pointOf(frame)));
  const mean = (points: Coordinates[]): Coordinates => ({
    latitude: points.reduce((sum, p) => sum + p.latitude, 0) / points.length,
    longitude: points.reduce((sum, p) => sum + p.longitude, 0) / points.length,
  });
  /** Shares for 8 h, the real position read as `where(i)` at the i-th sample; answers the frames sent. */
  async function play(where: (sample: number) => Coordinates, random = seededRandom(28)) {
    const t = setup({ random });
    let sample = 0;
    t.setPosition(where(0));
    t.sharing.start();
    t.sharing.share(1, RANGE, 8);
    for (sample = 1; sample < 8 * SAMPLES_PER_HOUR; sample++) {
      await flush();
      t.setPosition(where(sample));
      t.clock.advance(POSITION_UPDATE_MS);
    }
    await flush();
    return t;
  }

  it('a nomad parked for 8 hours shows one point: the mean of its 1,440 samples is no closer than the first', async () => {
    // The phone's fix wanders some 10 m around where the van is parked.
    const jitter = seededRandom(6);
    const t = await play(() => ({
      latitude: ASTORGA.latitude + (jitter() - 0.5) * 0.0002,
      longitude: ASTORGA.longitude + (jitter() - 0.5) * 0.0003,
    }));
    expect(t.sent).toHaveLength(8 * SAMPLES_PER_HOUR);
    const points = received(t.sent);
    const single = metres(ASTORGA, points[0]!);
    expect(single).toBeGreaterThan(100);
    // The old way (fresh noise each time) had the mean of one hour within ~50 m, of 8 h within ~17 m.
    // Here it is the one point shown, to the centimetre (float sums).
    expect(metres(ASTORGA, mean(points.slice(0, SAMPLES_PER_HOUR)))).toBeGreaterThan(single - 0.01);
    expect(metres(ASTORGA, mean(points))).toBeGreaterThan(single - 0.01);
    expect(new Set(t.sent.map((frame) => `${frame.lat},${frame.lng}`)).size).toBe(1);
  });

  it('a moving nomad shows a new point only after a move of the order of the range', async () => {
    // Along a road due east at 6 km/h for 8 hours: 48 km.
    const perSample = 6 / 180 / (111.32 * Math.cos((ASTORGA.latitude * Math.PI) / 180));
    const where = (sample: number) => ({
      latitude: ASTORGA.latitude,
      longitude: ASTORGA.longitude + sample * perSample,
    });
    const t = await play(where);
    const errors = t.sent.map((frame, sample) => metres(where(sample), pointOf(frame)));
    expect(Math.max(...errors)).toBeLessThanOrEqual(RANGE + 0.1);
    // Uniform within the disc, the error averages 2/3 of the range; it never shrinks towards the road.
    expect(errors.reduce((sum, e) => sum + e, 0) / errors.length).toBeGreaterThan(RANGE / 2);
    let changes = 0;
    for (let i = 1; i < t.sent.length; i++) {
      if (t.sent[i]!.lat !== t.sent[i - 1]!.lat || t.sent[i]!.lng !== t.sent[i - 1]!.lng) changes++;
    }
    // About one new point per 0.9 range of road (48 here); the old way sent 1,439 changes.
    expect(changes).toBeLessThanOrEqual(48_000 / (RANGE / 2));
    expect(changes).toBeGreaterThan(20);
  });

  it('keeps showing the same point after a reload, and draws a new one after a real move', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    first.sharing.start();
    first.sharing.share(2, RANGE, 8);
    await flush();
    first.sharing.stop();
    const again = setup({ storage });
    again.sharing.start();
    await flush();
    expect(pointOf(again.sent[0]!)).toEqual(pointOf(first.sent[0]!));
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.visiblePoint)!)).toEqual(pointOf(first.sent[0]!));
    // 3 km north: the old point is out of range, a new one is drawn around the real one.
    const north = { latitude: ASTORGA.latitude + 0.027, longitude: ASTORGA.longitude };
    again.setPosition(north);
    await again.advance(POSITION_UPDATE_MS);
    expect(metres(north, pointOf(again.sent.at(-1)!))).toBeLessThanOrEqual(RANGE + 0.1);
  });
});
