import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MapFrame, ServerFrame } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { openSocket, type TestSocket } from '../../test/ws-client.js';

// The sweep runs every 100 ms here (15 s by default), so expiry is awaited as an event, not slept through.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ POSITIONS_SWEEP_MS: '100' });
});
afterAll(() => t?.close());

type Session = Awaited<ReturnType<TestServer['createSession']>>;
const sockets: TestSocket[] = [];
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
});

async function connect(who: Session): Promise<TestSocket> {
  const socket = await openSocket(t.baseUrl, who.token);
  sockets.push(socket);
  return socket;
}

const follow = (who: Session, whom: Session) =>
  t.post(`/api/follow/user/${whom.username}`, { token: who.token });
async function befriend(a: Session, b: Session) {
  await follow(a, b);
  await follow(b, a);
}

/** The map frames about `username`, of `type` when given. */
const positionOf =
  (username: string, type?: number) =>
  (frame: ServerFrame): boolean =>
    frame.t === 'm' && frame.u === username && (type === undefined || frame.type === type);
const framesAbout = (socket: TestSocket, username: string) => socket.frames.filter(positionOf(username));

const share = (socket: TestSocket, type: number, where = { lat: 42.46, lng: -6.06 }, until?: number) =>
  socket.send({ t: 'm', ta: 'pos', ...where, type, ...(until === undefined ? {} : { until }) });

async function positionsSeenBy(
  who: Session,
): Promise<Array<{ u: string; type: number; lat: number; lng: number }>> {
  const answer = await t.get('/api/map/positions', { token: who.token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/**
 * Proof that what was relayed before has arrived: a position shared with everybody by someone else reaches
 * `socket` after anything published earlier.
 */
async function barrier(socket: TestSocket, sender: TestSocket, senderName: string) {
  const before = socket.frames.filter(positionOf(senderName, 2)).length;
  share(sender, 2, { lat: 40, lng: -3 });
  await socket.next(
    (frame) =>
      positionOf(senderName, 2)(frame) && socket.frames.filter(positionOf(senderName, 2)).length > before,
  );
}

describe('live positions over the socket', () => {
  let ana: Session;
  let ben: Session;
  let cai: Session;
  let dan: Session;
  beforeAll(async () => {
    [ana, ben, cai, dan] = await Promise.all([
      t.createSession(),
      t.createSession(),
      t.createSession(),
      t.createSession(),
    ]);
    await befriend(ana, ben);
    // Cai follows Ana, but she does not follow back: not friends.
    await follow(cai, ana);
  });
  afterEach(async () => {
    await t.db.deleteFrom('live_positions').execute();
  });

  it('needs a session to read positions', async () => {
    expect((await t.get('/api/map/positions')).status).toBe(401);
  });

  it('relays a friends-only position to friends, never to anybody else', async () => {
    const [anaSocket, benSocket, caiSocket, danSocket] = await Promise.all([ana, ben, cai, dan].map(connect));
    share(anaSocket!, 1, { lat: 42.4612, lng: -6.0577 });
    const frame = await benSocket!.next<MapFrame>(positionOf(ana.username, 1));
    expect(frame).toEqual({ t: 'm', ta: 'pos', u: ana.username, i: '', lat: 42.4612, lng: -6.0577, type: 1 });

    await barrier(caiSocket!, danSocket!, dan.username);
    expect(framesAbout(caiSocket!, ana.username)).toEqual([]);
    expect(framesAbout(anaSocket!, ana.username)).toEqual([]);
    expect((await positionsSeenBy(ben)).map((p) => p.u)).toContain(ana.username);
    expect((await positionsSeenBy(cai)).map((p) => p.u)).not.toContain(ana.username);
  });

  it('relays a position shared with every registered user to non-friends too', async () => {
    const [anaSocket, caiSocket] = await Promise.all([ana, cai].map(connect));
    share(anaSocket!, 2, { lat: 41.1, lng: -4.2 });
    expect(await caiSocket!.next<MapFrame>(positionOf(ana.username, 2))).toMatchObject({
      lat: 41.1,
      lng: -4.2,
    });
    expect(await positionsSeenBy(cai)).toEqual([
      { u: ana.username, i: '', lat: 41.1, lng: -4.2, type: 2, date: expect.any(String) },
    ]);
  });

  it('type 0 makes the user disappear from the others at once', async () => {
    const [anaSocket, benSocket, caiSocket] = await Promise.all([ana, ben, cai].map(connect));
    share(anaSocket!, 2);
    await caiSocket!.next(positionOf(ana.username, 2));
    await benSocket!.next(positionOf(ana.username, 2));
    share(anaSocket!, 0, { lat: 0, lng: 0 });
    const wipe = { t: 'm', ta: 'pos', u: ana.username, i: '', lat: 0, lng: 0, type: 0 };
    expect(await caiSocket!.next(positionOf(ana.username, 0))).toEqual(wipe);
    expect(await benSocket!.next(positionOf(ana.username, 0))).toEqual(wipe);
    expect(await positionsSeenBy(ben)).toEqual([]);
    expect(await positionsSeenBy(cai)).toEqual([]);
    expect(await t.db.selectFrom('live_positions').selectAll().execute()).toEqual([]);
  });

  it('going from everybody to friends only wipes the point from the non-friends', async () => {
    const [anaSocket, benSocket, caiSocket] = await Promise.all([ana, ben, cai].map(connect));
    share(anaSocket!, 2);
    await caiSocket!.next(positionOf(ana.username, 2));
    share(anaSocket!, 1, { lat: 42.47, lng: -6.05 });
    await caiSocket!.next(positionOf(ana.username, 0));
    expect(await benSocket!.next(positionOf(ana.username, 1))).toMatchObject({ lat: 42.47 });
    expect(framesAbout(benSocket!, ana.username).map((f) => (f as MapFrame).type)).not.toContain(0);
    expect(await positionsSeenBy(cai)).toEqual([]);
  });

  it('stops showing a friends-only point to someone who is no longer a friend', async () => {
    const eva = await t.createSession();
    await befriend(ana, eva);
    const [anaSocket, evaSocket, benSocket] = await Promise.all([ana, eva, ben].map(connect));
    share(anaSocket!, 1);
    await evaSocket!.next(positionOf(ana.username, 1));
    expect((await positionsSeenBy(eva)).map((p) => p.u)).toEqual([ana.username]);

    await t.post(`/api/quitfollow/${ana.username}`, { token: eva.token });
    await evaSocket!.next(positionOf(ana.username, 0));
    expect(await positionsSeenBy(eva)).toEqual([]);
    // Her next update reaches Ben, her friend, and not Eva (one event names them all).
    share(anaSocket!, 1, { lat: 42.5, lng: -6.1 });
    await benSocket!.next((frame) => positionOf(ana.username, 1)(frame) && (frame as MapFrame).lat === 42.5);
    expect(framesAbout(evaSocket!, ana.username).filter((f) => (f as MapFrame).type === 1)).toHaveLength(1);
  });

  it('never shows a point between users who blocked each other', async () => {
    const fer = await t.createSession();
    const [anaSocket, ferSocket, danSocket] = await Promise.all([ana, fer, dan].map(connect));
    ferSocket!.send({ t: 'c', ta: 'block', to: ana.username });
    await ferSocket!.next((frame) => frame.t === 'c' && frame.ta === 'gblock' && frame.users.length === 1);
    share(anaSocket!, 2);
    // The one event that reached Dan was for Fer's socket too.
    await danSocket!.next(positionOf(ana.username, 2));
    expect(framesAbout(ferSocket!, ana.username)).toEqual([]);
    expect((await positionsSeenBy(fer)).map((p) => p.u)).not.toContain(ana.username);
  });

  it('ends sharing by itself at its `until`, telling whoever saw it', async () => {
    const [anaSocket, benSocket] = await Promise.all([ana, ben].map(connect));
    const until = Date.now() + 800;
    share(anaSocket!, 1, undefined, until);
    await benSocket!.next(positionOf(ana.username, 1));
    expect((await positionsSeenBy(ben)).map((p) => p.u)).toEqual([ana.username]);
    await benSocket!.next(positionOf(ana.username, 0), 5_000);
    expect(Date.now()).toBeGreaterThanOrEqual(until);
    expect(await positionsSeenBy(ben)).toEqual([]);
  });

  it('caps `until` at 24 hours and takes 1 hour when it is missing', async () => {
    const [anaSocket, benSocket] = await Promise.all([ana, ben].map(connect));
    share(anaSocket!, 1, undefined, Date.now() + 7 * 24 * 3600_000);
    await benSocket!.next(positionOf(ana.username, 1));
    const capped = await t.db.selectFrom('live_positions').select('until_at').executeTakeFirstOrThrow();
    expect(capped.until_at.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(capped.until_at.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    share(anaSocket!, 1);
    await benSocket!.next(positionOf(ana.username, 1));
    const hour = await t.db.selectFrom('live_positions').select('until_at').executeTakeFirstOrThrow();
    expect(Math.abs(hour.until_at.getTime() - Date.now() - 3600_000)).toBeLessThan(60_000);
  });

  it('forgets a point that has not been updated for two minutes', async () => {
    const [anaSocket, benSocket] = await Promise.all([ana, ben].map(connect));
    share(anaSocket!, 1);
    await benSocket!.next(positionOf(ana.username, 1));
    // Two minutes later (its time moved back, rather than waiting).
    await t.db
      .updateTable('live_positions')
      .set({ updated_at: new Date(Date.now() - 121_000) })
      .where('user_id', '=', ana.id)
      .execute();
    expect(await positionsSeenBy(ben)).toEqual([]);
    await benSocket!.next(positionOf(ana.username, 0), 5_000);
  });

  it('drops impossible coordinates, an end already past and unknown types', async () => {
    const [anaSocket, benSocket] = await Promise.all([ana, ben].map(connect));
    share(anaSocket!, 1, { lat: 90, lng: 0 });
    share(anaSocket!, 1, { lat: 10, lng: -180 });
    share(anaSocket!, 1, { lat: 10, lng: 10 }, Date.now() - 1000);
    share(anaSocket!, 3, { lat: 10, lng: 10 });
    anaSocket!.send({ t: 'm', ta: 'pos', lat: 10, lng: 10 } as never);
    // A socket's frames are handled in order: once this one arrives, the ones before were dropped.
    share(anaSocket!, 1, { lat: 11, lng: 11 });
    await benSocket!.next(positionOf(ana.username, 1));
    expect(framesAbout(benSocket!, ana.username)).toEqual([expect.objectContaining({ lat: 11, lng: 11 })]);
    const stored = await t.db
      .selectFrom('live_positions')
      .select(['lat', 'lng'])
      .where('user_id', '=', ana.id)
      .execute();
    expect(stored).toEqual([{ lat: 11, lng: 11 }]);
  });
});
