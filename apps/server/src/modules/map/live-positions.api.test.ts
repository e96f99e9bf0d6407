import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bbox, MapFrame, ServerFrame } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { openSocket, type TestSocket } from '../../test/ws-client.js';
import { POSITION_MIN_INTERVAL_MS } from './live-positions.js';

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

const WORLD: Bbox = [-180, -90, 180, 90];

/** Waits until every frame `socket` sent before has been handled (they are handled in order). */
async function handled(socket: TestSocket) {
  const before = socket.frames.filter((frame) => frame.t === 'c' && frame.ta === 'gblock').length;
  socket.send({ t: 'c', ta: 'block', to: '__nadie__' });
  await socket.next(
    (frame) =>
      frame.t === 'c' &&
      frame.ta === 'gblock' &&
      socket.frames.filter((f) => f.t === 'c' && f.ta === 'gblock').length > before,
  );
}

/** The socket's map shows `box` (null: no map open). */
async function view(socket: TestSocket, box: Bbox | null) {
  socket.send({ t: 'm', ta: 'view', b: box });
  await handled(socket);
}

/** A user's socket, its map showing `box` (null: no map open). */
async function connectViewing(who: Session, box: Bbox | null): Promise<TestSocket> {
  const socket = await openSocket(t.baseUrl, who.token);
  sockets.push(socket);
  if (box) await view(socket, box);
  return socket;
}
/** A user's socket, its map showing the whole world. */
const connect = (who: Session) => connectViewing(who, WORLD);

/** The user's last position frame was taken longer than the 15 s limit ago (its time moved back). */
const intervalPassed = (who: Session) =>
  t.db
    .updateTable('live_positions')
    .set({ updated_at: new Date(Date.now() - POSITION_MIN_INTERVAL_MS - 1000) })
    .where('user_id', '=', who.id)
    .execute();

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

let barriers = 0;
/**
 * Proof that what was relayed before has arrived: a position shared with everybody by someone else (in a
 * new cell each time) reaches `socket`, whose map shows the world, after anything published earlier.
 */
async function barrier(socket: TestSocket, sender: TestSocket, senderWho: Session) {
  const before = socket.frames.filter(positionOf(senderWho.username, 2)).length;
  await intervalPassed(senderWho);
  share(sender, 2, { lat: 40 + ++barriers / 100, lng: -3 });
  await socket.next(
    (frame) =>
      positionOf(senderWho.username, 2)(frame) &&
      socket.frames.filter(positionOf(senderWho.username, 2)).length > before,
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
    expect(frame).toEqual({ t: 'm', ta: 'pos', u: ana.username, i: '', lat: 42.461, lng: -6.058, type: 1 });

    await barrier(caiSocket!, danSocket!, dan);
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
    // The row stays, empty, until the sweep: the frame limit still holds if she shares again at once.
    expect(await t.db.selectFrom('live_positions').select(['type', 'lat', 'lng']).execute()).toEqual([
      { type: 0, lat: 0, lng: 0 },
    ]);
  });

  it('an account deleted while sharing leaves the maps of those who saw it', async () => {
    const [eva, fer] = await Promise.all([t.createSession(), t.createSession()]);
    await befriend(eva, fer);
    const [evaSocket, ferSocket] = await Promise.all([eva, fer].map(connect));
    share(evaSocket!, 1);
    await ferSocket!.next(positionOf(eva.username, 1));
    const deleted = await t.post('/api/perfil/delete', {
      token: eva.token,
      body: { password: eva.password },
    });
    expect(deleted.body.state, JSON.stringify(deleted.body)).toBe('OK');
    expect(await ferSocket!.next(positionOf(eva.username, 0))).toMatchObject({ lat: 0, lng: 0, type: 0 });
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
    await intervalPassed(ana);
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
    // The one event that reached Dan was for Fer's socket too. The block's own wipe (a type 0, no point: Ana's row
    // is recent from the tests before) comes through the event bus and may land after 'gblock'; no point may.
    await danSocket!.next(positionOf(ana.username, 2));
    expect(framesAbout(ferSocket!, ana.username).filter((frame) => (frame as MapFrame).type !== 0)).toEqual(
      [],
    );
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
    await intervalPassed(ana);
    share(anaSocket!, 1, { lat: 42.5, lng: -6.1 });
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

  it('stores and relays a point coarsened to a grid of at least 111 m, never as precise as it came', async () => {
    const [anaSocket, benSocket] = await Promise.all([ana, ben].map(connect));
    share(anaSocket!, 1, { lat: 42.461234567891, lng: -6.057712345678 });
    expect(await benSocket!.next(positionOf(ana.username, 1))).toMatchObject({ lat: 42.461, lng: -6.058 });
    expect(await t.db.selectFrom('live_positions').select(['lat', 'lng']).execute()).toEqual([
      { lat: 42.461, lng: -6.058 },
    ]);
    expect(await positionsSeenBy(ben)).toEqual([expect.objectContaining({ lat: 42.461, lng: -6.058 })]);
  });

  it('does not relay a point that did not leave its cell, but keeps it fresh', async () => {
    const [anaSocket, benSocket] = await Promise.all([ana, ben].map(connect));
    share(anaSocket!, 1, { lat: 42.4612, lng: -6.0577 });
    await benSocket!.next(positionOf(ana.username, 1));
    await intervalPassed(ana);
    share(anaSocket!, 1, { lat: 42.4608, lng: -6.0583 });
    await handled(anaSocket!);
    const row = await t.db.selectFrom('live_positions').select('updated_at').executeTakeFirstOrThrow();
    expect(Date.now() - row.updated_at.getTime()).toBeLessThan(POSITION_MIN_INTERVAL_MS);
    await intervalPassed(ana);
    share(anaSocket!, 1, { lat: 42.47, lng: -6.0577 });
    await benSocket!.next((frame) => positionOf(ana.username, 1)(frame) && (frame as MapFrame).lat === 42.47);
    expect(framesAbout(benSocket!, ana.username).map((frame) => (frame as MapFrame).lat)).toEqual([
      42.461, 42.47,
    ]);
  });

  it('takes at most one position frame per 15 s, even when she hides and shares again in between', async () => {
    const [anaSocket, benSocket] = await Promise.all([ana, ben].map(connect));
    share(anaSocket!, 2, { lat: 42.46, lng: -6.06 });
    await benSocket!.next(positionOf(ana.username, 2));
    share(anaSocket!, 2, { lat: 42.5, lng: -6.06 });
    await handled(anaSocket!);
    const stored = () => t.db.selectFrom('live_positions').select(['type', 'lat']).executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ type: 2, lat: 42.46 });
    // Hiding is taken at once; sharing again is not, until 15 s have passed since the last frame taken.
    share(anaSocket!, 0, { lat: 0, lng: 0 });
    await benSocket!.next(positionOf(ana.username, 0));
    share(anaSocket!, 2, { lat: 42.5, lng: -6.06 });
    await handled(anaSocket!);
    expect(await stored()).toEqual({ type: 0, lat: 0 });
    await intervalPassed(ana);
    share(anaSocket!, 2, { lat: 42.5, lng: -6.06 });
    expect(await benSocket!.next(positionOf(ana.username, 2))).toMatchObject({ lat: 42.5 });
    // Narrowing who sees it (everybody → friends) does not wait.
    share(anaSocket!, 1, { lat: 42.5, lng: -6.06 });
    await benSocket!.next(positionOf(ana.username, 1));
    expect(framesAbout(benSocket!, ana.username).map((frame) => (frame as MapFrame).type)).toEqual([
      2, 0, 2, 1,
    ]);
  });

  it('a block wipes the points both ways, and no friendship change gives them back', async () => {
    const [gus, hal] = await Promise.all([t.createSession(), t.createSession()]);
    await befriend(gus, hal);
    const [gusSocket, halSocket, danSocket] = await Promise.all([gus, hal, dan].map(connect));
    share(gusSocket!, 1, { lat: 42.46, lng: -6.06 });
    share(halSocket!, 2, { lat: 41.5, lng: -5.5 });
    await halSocket!.next(positionOf(gus.username, 1));
    await gusSocket!.next(positionOf(hal.username, 2));

    halSocket!.send({ t: 'c', ta: 'block', to: gus.username });
    await halSocket!.next(positionOf(gus.username, 0));
    await gusSocket!.next(positionOf(hal.username, 0));
    expect(await positionsSeenBy(hal)).toEqual([]);
    expect(await positionsSeenBy(gus)).toEqual([]);

    // Unfollowing and following again is a new friendship for the map: still nothing across the block.
    await t.post(`/api/quitfollow/${gus.username}`, { token: hal.token });
    await follow(hal, gus);
    await halSocket!.next((frame) => frame.t === 'fr' && frame.ta === 'a' && frame.u === gus.username);
    await intervalPassed(gus);
    await intervalPassed(hal);
    share(gusSocket!, 1, { lat: 42.47, lng: -6.06 });
    share(halSocket!, 2, { lat: 41.6, lng: -5.5 });
    await barrier(halSocket!, danSocket!, dan);
    await barrier(gusSocket!, danSocket!, dan);
    expect(framesAbout(halSocket!, gus.username).map((frame) => (frame as MapFrame).type)).toEqual([1, 0]);
    expect(framesAbout(gusSocket!, hal.username).map((frame) => (frame as MapFrame).type)).toEqual([2, 0]);
    expect((await positionsSeenBy(hal)).map((p) => p.u)).not.toContain(gus.username);
    expect((await positionsSeenBy(gus)).map((p) => p.u)).not.toContain(hal.username);
  });

  it('relays a point shared with everybody only to the maps that show it, or showed it', async () => {
    const astorga: Bbox = [-6.2, 42.4, -5.9, 42.6];
    const madrid: Bbox = [-3.8, 40.3, -3.6, 40.5];
    const [hal, ivo, jon] = await Promise.all([t.createSession(), t.createSession(), t.createSession()]);
    const [anaSocket, danSocket, halSocket, ivoSocket, jonSocket] = await Promise.all([
      connect(ana),
      connect(dan),
      connectViewing(hal, astorga),
      connectViewing(ivo, madrid),
      connectViewing(jon, null),
    ]);
    share(anaSocket!, 2, { lat: 42.46, lng: -6.06 });
    await halSocket!.next(positionOf(ana.username, 2));
    // Off to Madrid: Astorga's map sees her leave, Madrid's sees her come.
    await intervalPassed(ana);
    share(anaSocket!, 2, { lat: 40.42, lng: -3.7 });
    expect(await halSocket!.next(positionOf(ana.username, 2))).toMatchObject({ lat: 40.42 });
    expect(await ivoSocket!.next(positionOf(ana.username, 2))).toMatchObject({ lat: 40.42 });
    share(anaSocket!, 0, { lat: 0, lng: 0 });
    await ivoSocket!.next(positionOf(ana.username, 0));
    // Jon's map, once open, shows Madrid: he reads where people are and hears what changes there.
    await view(jonSocket!, madrid);
    await intervalPassed(ana);
    share(anaSocket!, 2, { lat: 40.43, lng: -3.7 });
    await jonSocket!.next(positionOf(ana.username, 2));
    expect(framesAbout(jonSocket!, ana.username)).toHaveLength(1);
    // Astorga's map heard neither the wipe nor the new point in Madrid.
    await view(halSocket!, WORLD);
    await barrier(halSocket!, danSocket!, dan);
    expect(framesAbout(halSocket!, ana.username).map((frame) => (frame as MapFrame).lat)).toEqual([
      42.46, 40.42,
    ]);
  });

  it("moves a friend's point out of their map when it turns 'everybody' somewhere else", async () => {
    const astorga: Bbox = [-6.2, 42.4, -5.9, 42.6];
    const [anaSocket, benSocket] = await Promise.all([connect(ana), connectViewing(ben, astorga)]);
    share(anaSocket!, 1, { lat: 42.46, lng: -6.06 });
    await benSocket!.next(positionOf(ana.username, 1));
    await intervalPassed(ana);
    share(anaSocket!, 2, { lat: 40.42, lng: -3.7 });
    expect(await benSocket!.next(positionOf(ana.username, 2))).toMatchObject({ lat: 40.42 });
  });
});
