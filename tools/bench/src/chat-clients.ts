import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { decodeFrame, encodeFrame, WS_PATH } from '@nomadas/shared';

/** One bench user: its socket, and what it hears of the messages the bench sent. */
export interface BenchClient {
  username: string;
  ws: WebSocket;
}

export interface LatencyResult {
  sent: number;
  delivered: number;
  refused: number;
  rate: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /**
   * How late this process's event loop ran while measuring (p99, max): a receiver's frame waits that long
   * before it is timed, so a latency near it is the load generator's, not the server's.
   */
  loopDelayP99: number;
  loopDelayMax: number;
}

const PROBE = { t: 'c', ta: 'block', to: '__nadie__' } as const;

function opened(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`closed with ${code} before it opened`)));
  });
}

/** POST /api/connectws then /ws; resolves once the server let it in (the probe's gblock came back). */
export async function openAppSocket(port: number, token: string): Promise<WebSocket> {
  const answer = await fetch(`http://127.0.0.1:${port}/api/connectws`, {
    method: 'POST',
    headers: { 'api-token': token },
  });
  const body = (await answer.json()) as { data?: { data: string; token: string } };
  if (!body.data) throw new Error(`connectws: ${JSON.stringify(body)}`);
  const query = `?d=${encodeURIComponent(body.data.data)}&t=${encodeURIComponent(body.data.token)}`;
  const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}${query}`, { perMessageDeflate: false });
  await opened(ws);
  const admitted = new Promise<void>((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const frame = decodeFrame(String(data)) as { ta?: string } | undefined;
      if (frame?.ta === 'gblock') {
        ws.off('message', onMessage);
        resolve();
      }
    };
    ws.on('message', onMessage);
  });
  ws.send(encodeFrame(PROBE));
  await admitted;
  return ws;
}

export async function openBareSocket(port: number, username: string): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/?u=${encodeURIComponent(username)}`, {
    perMessageDeflate: false,
  });
  await opened(ws);
  return ws;
}

/** Runs `open` for every item, `concurrency` at a time. */
export async function inBatches<T, R>(
  items: T[],
  concurrency: number,
  open: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await open(items[i]!);
      }
    }),
  );
  return results;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * Open-loop load: `rate` messages per second for `seconds` (after `warmupSeconds` that do not count), each
 * from pairs[k].from to pairs[k].to, round robin; latency is the time from the send to the receiver's frame.
 */
export async function measureLatency(options: {
  pairs: { from: BenchClient; to: BenchClient }[];
  rate: number;
  seconds: number;
  warmupSeconds: number;
}): Promise<LatencyResult> {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  let refused = 0;
  const start = performance.now();
  const measureFrom = start + options.warmupSeconds * 1000;
  const stopAt = measureFrom + options.seconds * 1000;
  const listeners: [WebSocket, (data: WebSocket.RawData) => void][] = [];
  for (const client of new Set(options.pairs.flatMap((pair) => [pair.from, pair.to]))) {
    const listener = (data: WebSocket.RawData) => {
      const frame = decodeFrame(String(data)) as { ta?: string; msg?: string; txt?: string } | undefined;
      if (frame?.ta === 'ko') refused++;
      // The app delivers {ta:'new', msg}; the bare relay passes the sent frame on as it is.
      const text = frame?.ta === 'new' ? frame.msg : frame?.ta === 'send' ? frame.txt : undefined;
      if (!text?.startsWith('b:')) return;
      const seq = Number(text.slice(2));
      const at = sentAt.get(seq);
      if (at === undefined) return;
      sentAt.delete(seq);
      if (at >= measureFrom && at < stopAt) latencies.push(performance.now() - at);
    };
    client.ws.on('message', listener);
    listeners.push([client.ws, listener]);
  }
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  let seq = 0;
  let counted = 0;
  // Client ids unique to this run: a sender's repeated client id is a resend, acknowledged and not delivered.
  const run = Math.random().toString(36).slice(2, 8);
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now();
      if (now >= measureFrom && now < stopAt) loopDelay.enable();
      const due = Math.floor(((now - start) / 1000) * options.rate);
      while (seq < due) {
        const pair = options.pairs[seq % options.pairs.length]!;
        sentAt.set(seq, performance.now());
        if (performance.now() >= measureFrom && performance.now() < stopAt) counted++;
        pair.from.ws.send(
          encodeFrame({ t: 'c', ta: 'send', to: pair.to.username, txt: `b:${seq}`, cid: `${run}${seq}` }),
        );
        seq++;
      }
      if (now >= stopAt) {
        loopDelay.disable();
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
  // Stragglers get a second to arrive; what has not by then counts as lost.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const [ws, listener] of listeners) ws.off('message', listener);
  latencies.sort((a, b) => a - b);
  return {
    sent: counted,
    delivered: latencies.length,
    refused,
    rate: latencies.length / options.seconds,
    p50: percentile(latencies, 0.5),
    p90: percentile(latencies, 0.9),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    loopDelayP99: loopDelay.percentile(99) / 1e6,
    loopDelayMax: loopDelay.max / 1e6,
  };
}
