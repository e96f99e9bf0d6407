import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { decodeFrame } from '@nomadas/shared';

/**
 * Child process of `npm run bench:chat`: a bare `ws` server that relays each frame to the socket named by its
 * `to`, with no ticket, storage or pub/sub: the ceiling for the chat's sender → receiver latency.
 */
const sockets = new Map<string, WebSocket>();
const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('connection', (socket, request) => {
  const user = new URL(request.url ?? '/', 'http://bare').searchParams.get('u') ?? '';
  sockets.set(user, socket);
  socket.on('close', () => sockets.get(user) === socket && sockets.delete(user));
  socket.on('message', (data) => {
    const text = String(data);
    const frame = decodeFrame(text) as { to?: string } | undefined;
    if (frame?.to) sockets.get(frame.to)?.send(text);
  });
});
server.on('listening', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => server.close(() => process.exit(0)));
