import WebSocket from 'ws';
import { decodeFrame, encodeFrame, WS_PATH, type ClientFrame, type ServerFrame } from '@nomadas/shared';
import { serverFrameSchema } from '@nomadas/shared/schemas';

/** A chat socket as the tests drive it: every frame it hears is checked against the protocol's schema. */
export interface TestSocket {
  ws: WebSocket;
  /** Every frame heard so far, oldest first. */
  frames: ServerFrame[];
  /** Resolves when the server accepted the upgrade (the ticket is checked after that). */
  opened: Promise<void>;
  /** Resolves with the close code and reason once the socket is closed. */
  closed: Promise<{ code: number; reason: string }>;
  send(frame: ClientFrame): void;
  /** Sends text as it is (malformed frames). */
  sendRaw(text: string): void;
  /** The first frame (heard already or later) that `match` accepts and no earlier `next` call took. */
  next<F extends ServerFrame = ServerFrame>(
    match: (frame: ServerFrame) => boolean,
    timeoutMs?: number,
  ): Promise<F>;
  close(): Promise<void>;
}

/** POST /api/connectws: the ticket for the socket. */
export async function socketTicket(baseUrl: string, token: string): Promise<{ data: string; token: string }> {
  const answer = await fetch(`${baseUrl}/api/connectws`, { method: 'POST', headers: { 'api-token': token } });
  const body = (await answer.json()) as { state: string; data?: { data: string; token: string } };
  if (body.state !== 'OK' || !body.data) throw new Error(`connectws: ${JSON.stringify(body)}`);
  return body.data;
}

/** Opens `/ws` with the query given (a ticket's d and t, or whatever a test wants to try). */
export function openSocketWith(baseUrl: string, query: string): TestSocket {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${WS_PATH}${query}`);
  const frames: ServerFrame[] = [];
  const taken = new Set<number>();
  const waiters: { match: (frame: ServerFrame) => boolean; resolve: (frame: ServerFrame) => void }[] = [];
  const take = (match: (frame: ServerFrame) => boolean) => {
    const index = frames.findIndex((frame, i) => !taken.has(i) && match(frame));
    if (index < 0) return undefined;
    taken.add(index);
    return frames[index];
  };
  ws.on('message', (data) => {
    const decoded = decodeFrame(String(data));
    const frame = serverFrameSchema.parse(decoded) as ServerFrame;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      const found = take(waiter.match);
      if (found) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(found);
      }
    }
  });
  ws.on('error', () => undefined);
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused: ${response.statusCode}`)),
    );
  });
  // A refused upgrade is the test's to check (through `opened`), never an unhandled rejection.
  opened.catch(() => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return {
    ws,
    frames,
    opened,
    closed,
    send: (frame) => ws.send(encodeFrame(frame)),
    sendRaw: (text) => ws.send(text),
    next<F extends ServerFrame>(match: (frame: ServerFrame) => boolean, timeoutMs = 5_000): Promise<F> {
      const found = take(match);
      if (found) return Promise.resolve(found as F);
      return new Promise<F>((resolve, reject) => {
        const waiter = { match, resolve: (frame: ServerFrame) => (clearTimeout(timer), resolve(frame as F)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no such frame within ${timeoutMs} ms; heard: ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
}

/** A logged-in user's socket, open and let in (its ticket redeemed: a first round trip has been answered). */
export async function openSocket(baseUrl: string, token: string): Promise<TestSocket> {
  const ticket = await socketTicket(baseUrl, token);
  const socket = openSocketWith(
    baseUrl,
    `?d=${encodeURIComponent(ticket.data)}&t=${encodeURIComponent(ticket.token)}`,
  );
  await socket.opened;
  // A 'block' toggle of nobody answers gblock: proof that the ticket was accepted and frames are handled.
  socket.send({ t: 'c', ta: 'block', to: '__nadie__' });
  await socket.next((frame) => frame.t === 'c' && frame.ta === 'gblock');
  return socket;
}

/** Frames of a type, for readable matchers. */
export const isNew = (from?: string) => (frame: ServerFrame) =>
  frame.t === 'c' && frame.ta === 'new' && (from === undefined || frame.from === from);
export const isAck = (cid?: string) => (frame: ServerFrame) =>
  frame.t === 'c' && frame.ta === 'ack' && (cid === undefined || frame.cid === cid);
export const isRefusal = (cid?: string) => (frame: ServerFrame) =>
  frame.t === 'c' && frame.ta === 'ko' && (cid === undefined || frame.cid === cid);
