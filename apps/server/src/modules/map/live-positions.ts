import type { FastifyBaseLogger } from 'fastify';
import {
  POSITION_FORGET_MS,
  VISIBILITY_EVERYONE,
  VISIBILITY_FRIENDS,
  VISIBILITY_HIDDEN,
  coarsenCoordinates,
  isValidCoordinates,
  type MapFrame,
  type MapPositionFrame,
  type MapViewFrame,
} from '@nomadas/shared';
import type { LivePosition } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../http/auth.js';
import type { SocketConnection } from '../../realtime/connection.js';
import type { SocketIdentity } from '../../realtime/tickets.js';
import * as q from './live-positions.queries.js';

/** GET /api/map/positions answers at most this many points (the freshest). */
const VISIBLE_POSITIONS_MAX = 1000;
/** Sharing may be asked to end at most this far ahead (the client offers 1, 8 or 24 h). */
const UNTIL_MAX_MS = 24 * 3600_000;
/**
 * At most one position frame per user in this time (issue #28), on every instance: the browser sends one
 * every POSITION_UPDATE_MS (20 s), give or take the up to 5 s it waits for a fix. Type 0 is always taken,
 * and so is a frame that narrows who sees the point (2 → 1): neither may wait.
 */
export const POSITION_MIN_INTERVAL_MS = 15_000;

type Sharer = { id: string; username: string; img: string };
type Point = { lat: number; lng: number };

const positionFrame = (who: Sharer, type: number, lat = 0, lng = 0): MapFrame => ({
  t: 'm',
  ta: 'pos',
  u: who.username,
  i: who.img,
  lng,
  lat,
  type,
});

/**
 * Tells the users who may see `who`'s point under `type` (1: their friends, 2: every registered user)
 * through the typed events, so every instance delivers to the sockets it holds. For 2 nobody is listed:
 * each instance gives the frame to its sockets whose map shows the point or `was` (where it was), but
 * the sharer's and those of blocked users. `notTo` leaves out users who got the news another way (their
 * friends, when a point leaves "everybody").
 */
async function relay(
  ctx: AppContext,
  who: Sharer,
  type: number,
  frame: MapFrame,
  was?: Point,
  notTo: string[] = [],
) {
  const { events } = ctx.realtime;
  if (type === VISIBILITY_EVERYONE) {
    const blocked = await q.blockedIds(ctx.db, who.id);
    events.publishSoon('map:all', { except: [who.id, ...blocked, ...notTo], frame, ...(was ? { was } : {}) });
  } else if (type === VISIBILITY_FRIENDS) {
    const friends = await q.friendIds(ctx.db, who.id);
    const to = friends.filter((id) => !notTo.includes(id));
    if (to.length > 0) events.publishSoon('map:pos', { to, frame });
  }
}

/**
 * `{t:'m', ta:'pos', lng, lat, type, until}` from a socket (spec §7, §9; DESIGN.md §6). The point arrives
 * already moved at random within the user's range by their browser, and is coarsened here to a grid of at
 * least 111 m (coarsenCoordinates) before it is stored or relayed: the latest one only. A point whose cell
 * and type did not change is not relayed again (it only keeps the row fresh), and a frame sooner than
 * POSITION_MIN_INTERVAL_MS after the last one taken is dropped. Type 0 wipes it at once and tells whoever
 * could see it; 1 and 2 keep it until `until` (capped at 24 h, 1 h when missing) or until 2 minutes pass
 * without an update. Impossible coordinates or a `until` already past are dropped.
 */
export async function receivePosition(
  ctx: AppContext,
  identity: SocketIdentity,
  frame: MapPositionFrame,
): Promise<void> {
  if (frame.type === VISIBILITY_HIDDEN) return hidePosition(ctx, identity.userId);
  const now = Date.now();
  if (!isValidCoordinates(frame.lat, frame.lng)) return;
  if (frame.until !== undefined && frame.until <= now) return;
  const type = frame.type === VISIBILITY_EVERYONE ? VISIBILITY_EVERYONE : VISIBILITY_FRIENDS;
  const until = frame.until === undefined ? undefined : Math.min(frame.until, now + UNTIL_MAX_MS);
  const { latitude: lat, longitude: lng } = coarsenCoordinates({ latitude: frame.lat, longitude: frame.lng });
  const saved = await q.savePosition(
    ctx.db,
    identity.userId,
    { lat, lng, type, until },
    POSITION_MIN_INTERVAL_MS,
  );
  if (!saved?.saved) return;
  const previous = { type: saved.type, lat: saved.lat, lng: saved.lng };
  if (previous.type === type && previous.lat === lat && previous.lng === lng) return;
  const who: Sharer = { id: identity.userId, username: saved.username, img: saved.img_profile };
  // From everybody down to friends: the others lose the point before the friends get the new one.
  if (previous.type === VISIBILITY_EVERYONE && type === VISIBILITY_FRIENDS) {
    const friends = await q.friendIds(ctx.db, who.id);
    await relay(ctx, who, VISIBILITY_EVERYONE, positionFrame(who, VISIBILITY_HIDDEN), previous, friends);
  }
  // Whoever showed the point where it was sees it go (a friend's map too, when it turns "everybody").
  const was = previous.type === VISIBILITY_HIDDEN ? undefined : previous;
  await relay(ctx, who, type, positionFrame(who, type, lat, lng), was);
}

/**
 * Type 0: the user's point goes at once, and whoever could see it is told. Account deletion calls it
 * before the account's friendships and blocks are gone, since they say who could see it.
 */
export async function hidePosition(ctx: AppContext, userId: string): Promise<void> {
  const previous = await q.hidePosition(ctx.db, userId);
  if (!previous) return;
  const who: Sharer = { id: userId, username: previous.username, img: previous.img_profile };
  await relay(ctx, who, previous.type, positionFrame(who, VISIBILITY_HIDDEN), previous);
}

/** `{t:'m', ta:'view', b}`: the area this socket's map shows, for the positions shared with everybody. */
export function receiveMapView(connection: SocketConnection, frame: MapViewFrame): void {
  connection.mapView = frame.b;
}

/** Forgets the points that expired or went quiet, and tells whoever could see them (type 0). */
export async function sweepPositions(ctx: AppContext): Promise<number> {
  const gone = await q.deleteStalePositions(ctx.db, POSITION_FORGET_MS);
  for (const row of gone) {
    const who = { id: row.user_id, username: row.username, img: row.img_profile };
    await relay(ctx, who, row.type, positionFrame(who, VISIBILITY_HIDDEN), row);
  }
  return gone.length;
}

/** GET /api/map/positions: the live points the caller may see now, friendship checked as it is now. */
export async function visiblePositions(ctx: AppContext, viewer: Viewer): Promise<LivePosition[]> {
  const rows = await q.selectVisiblePositions(ctx.db, viewer.id, POSITION_FORGET_MS, VISIBLE_POSITIONS_MAX);
  return rows.map((row) => ({
    u: row.username,
    i: row.img_profile,
    lat: row.lat,
    lng: row.lng,
    type: row.type,
    date: new Date(row.updated_at).toISOString(),
  }));
}

/**
 * A friendship that ends takes the friends-only points with it: each side's socket here gets a type 0 for
 * the other; one that begins shows each side the other's current point, unless either blocked the other.
 * Every instance hears the event and tells the sockets it holds.
 */
async function onFriendshipChange(ctx: AppContext, ta: 'a' | 'd', users: [Sharer, Sharer]) {
  const ids: [string, string] = [String(users[0].id), String(users[1].id)];
  const sharing = await q.sharingWithFriends(ctx.db, ids, POSITION_FORGET_MS);
  for (const row of sharing) {
    const other = ids.find((id) => id !== String(row.user_id));
    if (other === undefined) continue;
    const who = { id: String(row.user_id), username: row.username, img: row.img_profile };
    const frame =
      ta === 'd'
        ? positionFrame(who, VISIBILITY_HIDDEN)
        : positionFrame(who, VISIBILITY_FRIENDS, row.lat, row.lng);
    ctx.realtime.hub.deliver(other, frame);
  }
}

/**
 * A block ends what each of the two could see of the other, both ways: each side's socket here gets a
 * type 0 for the other's point, if it could see it. No later path gives it back (friendIds, blockedIds,
 * selectVisiblePositions and sharingWithFriends all leave blocked pairs out).
 */
async function onBlock(ctx: AppContext, users: [string, string]) {
  const { hub } = ctx.realtime;
  if (!users.some((id) => hub.get(id))) return;
  for (const row of await q.pointsSeenAcross(ctx.db, users, POSITION_FORGET_MS)) {
    const other = users.find((id) => id !== row.user_id)!;
    const who = { id: row.user_id, username: row.username, img: row.img_profile };
    hub.deliver(other, positionFrame(who, VISIBILITY_HIDDEN));
  }
}

/**
 * The map's socket frames ('m') and the sweep that forgets stale points; the answer stops both. Every
 * instance sweeps; the delete that returns the rows decides which one tells their watchers.
 */
export function startLivePositions(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const { realtime, config } = ctx;
  realtime.frames.handle('m', async (frame, connection) =>
    frame.ta === 'view'
      ? receiveMapView(connection, frame)
      : receivePosition(ctx, connection.identity, frame),
  );
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepPositions(ctx)
      .catch((error: unknown) => log.error({ err: error }, 'map: the live positions sweep failed'))
      .finally(() => (sweeping = false));
  }, config.positionsSweepMs);
  timer.unref();
  const unsubscribe: Array<() => void> = [];
  const hear = (stop: Promise<() => void>) =>
    stop.then(
      (done) => void unsubscribe.push(done),
      (error: unknown) => log.error({ err: error }, 'map: could not hear friendships and blocks'),
    );
  void hear(
    realtime.events.subscribe('friends:changed', ({ ta, users }) => onFriendshipChange(ctx, ta, users)),
  );
  void hear(
    realtime.events.subscribe('chat:blocked', ({ blocker, blocked }) => onBlock(ctx, [blocker, blocked])),
  );
  return () => {
    clearInterval(timer);
    for (const stop of unsubscribe) stop();
  };
}
