import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  WS_CLOSE_BAD_TICKET,
  WS_CLOSE_GOING_AWAY,
  WS_CLOSE_POLICY,
  WS_FRAME_MAX_BYTES,
  WS_PATH,
} from '@nomadas/shared';
import type { AppContext } from '../context.js';
import { SocketConnection } from './connection.js';
import { redeem } from './tickets.js';

/** Frames a client may send before its ticket is checked (its queued messages, sent on open). */
const EARLY_FRAMES_MAX = 50;
const UNEXPECTED_CONDITION = 1011;

const asText = (data: RawData): string =>
  Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.from(data as Buffer).toString();

/**
 * The chat socket, `/ws?d=…&t=…` (spec §7): the ticket of POST /api/connectws lets the user in (3002 when
 * it is missing, used or expired); then one socket per user, frames through the FrameRouter. Registered
 * before every other route, as @fastify/websocket asks.
 */
/** How long a socket has to answer the close at shutdown. */
const SHUTDOWN_GRACE_MS = 1000;

export async function registerSocketEndpoint(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { realtime } = ctx;
  await app.register(websocket, {
    options: { maxPayload: WS_FRAME_MAX_BYTES },
    // Shutdown: clients are told to come back (1001), which they do to whichever instance is up. One that
    // does not answer the close (a phone gone quiet) is cut after a moment, not after ws's 30 s.
    preClose(done) {
      realtime.hub.closeAll();
      for (const client of app.websocketServer.clients) client.close(WS_CLOSE_GOING_AWAY, 'reinicio');
      const cut = setTimeout(() => {
        for (const client of app.websocketServer.clients) client.terminate();
      }, SHUTDOWN_GRACE_MS);
      app.websocketServer.close(() => {
        clearTimeout(cut);
        done();
      });
    },
  });

  app.get(WS_PATH, { websocket: true, schema: { hide: true } }, (socket: WebSocket, request) => {
    const log = request.log;
    let connection: SocketConnection | undefined;
    const early: string[] = [];
    socket.on('error', (error) => log.debug({ err: error }, 'realtime: socket error'));
    // Attached at once: frames may arrive while the ticket is being checked.
    socket.on('message', (data) => {
      const text = asText(data);
      if (connection) {
        realtime.frames.arrive(connection, text);
      } else if (early.push(text) > EARLY_FRAMES_MAX) {
        socket.close(WS_CLOSE_POLICY, 'demasiados mensajes');
      }
    });

    const { d, t } = request.query as { d?: unknown; t?: unknown };
    redeem(ctx.db, d, t).then(
      (identity) => {
        if (!identity) {
          socket.close(WS_CLOSE_BAD_TICKET, 'ticket');
          return;
        }
        if (socket.readyState !== socket.OPEN) return;
        const opened = new SocketConnection(socket, identity, log);
        connection = opened;
        realtime.hub.add(opened);
        socket.on('close', () => realtime.hub.remove(opened));
        realtime.events
          .publish('socket:open', { user: identity.userId, socket: opened.id, at: opened.openedAt })
          .catch(() => log.warn('realtime: could not tell the other instances about a new socket'));
        for (const text of early.splice(0)) realtime.frames.arrive(opened, text);
      },
      (error: unknown) => {
        log.error({ err: error }, 'realtime: ticket check failed');
        socket.close(UNEXPECTED_CONDITION, 'error');
      },
    );
  });
}
