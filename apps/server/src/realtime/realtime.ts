import type { FastifyBaseLogger } from 'fastify';
import {
  bboxContains,
  encodeFrame,
  VISIBILITY_HIDDEN,
  type FriendFrame,
  type RealtimeEventMap,
  type RealtimeUser,
} from '@nomadas/shared';
import type { Db } from '../db/database.js';
import type { RateLimits } from '../http/rate-limits.js';
import { REVOKED_CHANNEL } from '../http/session-cache.js';
import { createRealtimeEvents, type RealtimeEvents } from './events.js';
import { FrameRouter } from './frames.js';
import { SocketHub } from './hub.js';
import type { PubSub } from './pubsub.js';
import { liveSessionIds } from './tickets.queries.js';

/** Events addressed to one user's socket, with the frame it gets. */
type UserFrameEvent = 'chat:new' | 'chat:blocks' | 'chat:read';

/**
 * The realtime module (AppContext.realtime): the typed events between instances, this instance's sockets,
 * and what each kind of frame and event does. Modules publish events or register frame handlers; this
 * turns every event into the frames of the sockets it concerns, wherever they are.
 */
export interface Realtime {
  events: RealtimeEvents;
  hub: SocketHub;
  frames: FrameRouter;
  /**
   * A frame for user `event.to`: straight to their socket when it is on this instance, else through the
   * other instances (retried for a while if the link to them is down: receivers accept a repeat).
   */
  toUser<K extends UserFrameEvent>(name: K, event: RealtimeEventMap[K]): void;
  start(): Promise<void>;
  close(): void;
}

const friendFrame = (ta: FriendFrame['ta'], friend: RealtimeUser): FriendFrame => ({
  t: 'fr',
  ta,
  u: friend.username,
  i: friend.img,
});

export function createRealtime(deps: {
  pubsub: PubSub;
  db: Db;
  limits: RateLimits;
  log: FastifyBaseLogger;
}): Realtime {
  const { pubsub, db, log } = deps;
  const events = createRealtimeEvents(pubsub, log);
  const hub = new SocketHub();
  const frames = new FrameRouter(deps.limits, log);

  /** After an outage revocations may have been missed: every socket's session is checked again. */
  const recheckSessions = async () => {
    const connections = [...hub.connections()];
    const live = await liveSessionIds(
      db,
      connections.map((connection) => connection.identity.sessionId),
    );
    for (const connection of connections) {
      if (!live.has(connection.identity.sessionId)) hub.revoke({ sessionId: connection.identity.sessionId });
    }
  };

  return {
    events,
    hub,
    frames,
    toUser(name, event) {
      if (hub.deliver(event.to, event.frame)) return;
      events.publishSoon(name, event);
    },
    async start() {
      await Promise.all([
        events.subscribe('chat:new', (event) => void hub.deliver(event.to, event.frame)),
        events.subscribe('chat:blocks', (event) => void hub.deliver(event.to, event.frame)),
        events.subscribe('chat:read', (event) => void hub.deliver(event.to, event.frame)),
        events.subscribe('map:pos', (event) => {
          for (const userId of event.to) hub.deliver(userId, event.frame);
        }),
        // Every socket is a registered user's; a position shared with all of them goes to each one here
        // whose map shows it, or shows where it was (a map elsewhere reads the positions again when moved).
        events.subscribe('map:all', ({ except, frame, was }) => {
          const left = new Set(except);
          let encoded: string | undefined;
          for (const connection of hub.connections()) {
            const view = connection.mapView;
            if (view === null || left.has(connection.userId)) continue;
            const shows =
              (frame.type !== VISIBILITY_HIDDEN && bboxContains(view, frame.lat, frame.lng)) ||
              (was !== undefined && bboxContains(view, was.lat, was.lng));
            if (shows) connection.sendEncoded((encoded ??= encodeFrame(frame)));
          }
        }),
        events.subscribe('notifications:new', (event) => {
          hub.deliver(String(event.userId), { t: 'n', n: event.pending });
        }),
        events.subscribe('friends:changed', ({ ta, users: [actor, friend] }) => {
          hub.deliver(String(actor.id), friendFrame(ta, friend));
          hub.deliver(String(friend.id), friendFrame(ta, actor));
        }),
        events.subscribe('socket:open', (event) => hub.heardOpen(event.user, event.socket, event.at)),
        pubsub.subscribe(REVOKED_CHANNEL, (message) => {
          try {
            hub.revoke(JSON.parse(message) as { sessionId?: string; userId?: string });
          } catch {
            log.warn('realtime: a revocation that is not JSON was ignored');
          }
        }),
      ]);
      events.onResume(recheckSessions);
      hub.startHeartbeat();
    },
    close() {
      hub.closeAll();
      events.close();
    },
  };
}
