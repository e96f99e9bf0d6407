import {
  inBatches,
  measureLatency,
  openAppSocket,
  openBareSocket,
  type BenchClient,
  type LatencyResult,
} from './chat-clients.js';

export interface ChatAcross {
  /** Sockets open, of those wanted, and how many each instance held by the balancer's count. */
  sockets: number;
  wanted: number;
  spread: number[];
  /** The first socket refused, if one was. */
  refusal: string;
  /** How long opening them took (ticket, upgrade, the first frame answered), 50 at a time. */
  openSeconds: number;
  result: LatencyResult;
  /** The bare `ws` relay with as many sockets, in this process and the same run: the machine's own floor. */
  bare: LatencyResult;
  rssIdle: number[];
  rssWithSockets: number[];
}

interface ChatOptions {
  users: { username: string; token: string }[];
  balancerPort: number;
  bareWsPort: number;
  /** The app instances' RSS, each. */
  rss: () => Promise<number[]>;
  /** The balancer's count of connections each instance holds. */
  spread: () => Promise<number[]>;
  rate: number;
  seconds: number;
  warmupSeconds: number;
}

/** User i writes to user i + half: the friends of cluster-seed.ts. */
function pairsOf(clients: (BenchClient | null)[]): { from: BenchClient; to: BenchClient }[] {
  const half = Math.floor(clients.length / 2);
  return Array.from({ length: half }, (_, i) => ({ from: clients[i], to: clients[i + half] })).filter(
    (pair): pair is { from: BenchClient; to: BenchClient } => Boolean(pair.from && pair.to),
  );
}

/**
 * Chat with every user's socket opened through the balancer (round robin spreads them over the instances; each
 * message goes through Redis's pub/sub, and about two in three reach a socket on another instance), after the
 * same load on a bare `ws` relay with as many sockets.
 */
export async function chatAcross(options: ChatOptions): Promise<ChatAcross> {
  const run = { rate: options.rate, seconds: options.seconds, warmupSeconds: options.warmupSeconds };
  const bareClients = await inBatches(options.users, 100, async (user) => ({
    username: user.username,
    ws: await openBareSocket(options.bareWsPort, user.username),
  }));
  const bare = await measureLatency({ ...run, pairs: pairsOf(bareClients) });
  for (const client of bareClients) client.ws.terminate();

  const rssIdle = await options.rss();
  let refusal = '';
  const openedAt = performance.now();
  const opened = await inBatches(options.users, 50, async (user): Promise<BenchClient | null> => {
    try {
      return { username: user.username, ws: await openAppSocket(options.balancerPort, user.token) };
    } catch (error) {
      refusal ||= (error as Error).message;
      return null;
    }
  });
  const openSeconds = (performance.now() - openedAt) / 1000;
  const spread = await options.spread();
  const rssWithSockets = await options.rss();
  const result = await measureLatency({ ...run, pairs: pairsOf(opened) });
  for (const client of opened) client?.ws.terminate();
  return {
    sockets: opened.filter(Boolean).length,
    wanted: options.users.length,
    spread,
    refusal,
    openSeconds,
    result,
    bare,
    rssIdle,
    rssWithSockets,
  };
}
