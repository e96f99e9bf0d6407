import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { befriendHalves, prepareBenchUsers } from './bench-users.js';
import { runLoad } from './load.js';
import { appEnv, benchDatabaseBase, runBench, startChild } from './children.js';
import { formatColumns, ms, writeResults } from './report.js';
import {
  inBatches,
  measureLatency,
  openAppSocket,
  openBareSocket,
  type BenchClient,
  type LatencyResult,
} from './chat-clients.js';

/**
 * `npm run bench:chat`: chat latency, sender → receiver, with BENCH_CHAT_SOCKETS (2,000) sockets open
 * (DESIGN.md §5): on one instance (budget p99 ≤ 15 ms) and across two instances through Redis (≤ 25 ms),
 * beside two ceilings of the same run: a bare `ws` relay with as many sockets, and the bare Fastify route of
 * `npm run bench`. Also the app's memory per idle socket. A fresh small database `nomadas_bench_chat`.
 */
const env = process.env;
const SOCKETS = Number(env.BENCH_CHAT_SOCKETS ?? 2000);
const RATE = Number(env.BENCH_CHAT_RATE ?? 100);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
// Longer than the HTTP bench's: the burst of 2,000 sockets connecting (tickets, sessions, garbage) takes a
// few seconds to settle, and measured inside it the first case's tail is that burst, not messaging.
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 8);
const DATABASE = env.BENCH_CHAT_DATABASE ?? 'nomadas_bench_chat';
const REDIS_URL = env.REDIS_URL || 'redis://127.0.0.1:6379';
const BUDGET = { oneInstance: 15, twoInstances: 25 };
const log = (message: string) => console.log(message);

async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]) * 1024;
}

/**
 * A fresh database with SOCKETS users, each with a session whose token the bench keeps. User i and user
 * i + SOCKETS/2 (a pair of the load) are friends: the bench measures conversations, not first messages to
 * strangers, which stop at CHAT_REQUEST_MESSAGES_MAX until answered.
 */
async function prepareDatabase(
  base: string,
): Promise<{ url: string; users: { username: string; token: string }[] }> {
  return prepareBenchUsers(base, DATABASE, SOCKETS, 'chat_', (db, userIds) =>
    befriendHalves(db, userIds, SOCKETS / 2),
  );
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

interface Row {
  name: string;
  result: LatencyResult;
  budgetMs: number | null;
}

function formatRows(rows: Row[]): string {
  const table = [
    ['case', 'sent', 'delivered', 'refused', 'msg/s', 'p50', 'p90', 'p99', 'max', 'budget', 'result'],
    ...rows.map(({ name, result: r, budgetMs }) => [
      name,
      String(r.sent),
      String(r.delivered),
      String(r.refused),
      r.rate.toFixed(0),
      ms(r.p50),
      ms(r.p90),
      ms(r.p99),
      ms(r.max),
      budgetMs === null ? '—' : `p99 ≤ ${budgetMs} ms`,
      budgetMs === null ? '' : r.p99 <= budgetMs && r.delivered >= r.sent ? 'PASS' : 'FAIL',
    ]),
  ];
  return formatColumns(table, { leftFrom: 9 });
}

async function main(): Promise<void> {
  const base = benchDatabaseBase('npm run bench:chat');
  if (!base) return;
  const withRedis = await redisAnswers(REDIS_URL);
  const { url, users } = await prepareDatabase(base);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-bench-chat-'));
  const childEnv = appEnv(url, dataDir, {
    REDIS_URL: withRedis ? REDIS_URL : '',
    // Two instances when Redis answers, else one.
    INSTANCES: withRedis ? '' : '1',
    REDIS_PREFIX: `bench-chat:${crypto.randomBytes(4).toString('hex')}:`,
  });
  const [one, two, bare, bareWs] = await Promise.all([
    startChild('app-process.js', childEnv),
    withRedis ? startChild('app-process.js', childEnv) : Promise.resolve(undefined),
    startChild('bare-process.js', childEnv),
    startChild('bare-ws-process.js', childEnv),
  ]);
  log(
    `${SOCKETS} sockets, ${RATE} messages/s, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per case, ${os.availableParallelism()} CPUs shared by the app(s), PostgreSQL, Redis and this load generator\n`,
  );

  const ceiling = await runLoad({
    port: bare.port,
    path: () => '/api/health',
    connections: 50,
    seconds: 3,
    warmupSeconds: 1,
  });
  log(
    `bare Fastify route (ceiling of npm run bench): ${Math.round(ceiling.rps)} req/s, p99 ${ms(ceiling.p99)}`,
  );

  const half = SOCKETS / 2;
  const pairsOf = (clients: BenchClient[]) =>
    Array.from({ length: half }, (_, i) => ({ from: clients[i]!, to: clients[i + half]! }));
  const rows: Row[] = [];

  const bareClients = await inBatches(users, 100, async (user) => ({
    username: user.username,
    ws: await openBareSocket(bareWs.port, user.username),
  }));
  const bareRun = {
    pairs: pairsOf(bareClients),
    rate: RATE,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  };
  rows.push({
    name: `bare ws relay, ${SOCKETS} sockets (ceiling)`,
    result: await measureLatency(bareRun),
    budgetMs: null,
  });
  for (const client of bareClients) client.ws.terminate();

  const idleRss = await rssOf(one.pid);
  const clients: BenchClient[] = await inBatches(users, 50, async (user) => ({
    username: user.username,
    ws: await openAppSocket(one.port, user.token),
  }));
  const perSocket = ((await rssOf(one.pid)) - idleRss) / SOCKETS;
  log(
    `app memory per open socket: ${(perSocket / 1024).toFixed(1)} KiB (RSS growth over ${SOCKETS} sockets)`,
  );
  const oneRun = { pairs: pairsOf(clients), rate: RATE, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
  rows.push({
    name: `chat, one instance, ${SOCKETS} sockets`,
    result: await measureLatency(oneRun),
    budgetMs: BUDGET.oneInstance,
  });

  if (two) {
    // The receivers move to instance two (their sockets on one close with 3000): half the sockets on each.
    const moved = await inBatches(users.slice(half), 50, async (user) => ({
      username: user.username,
      ws: await openAppSocket(two.port, user.token),
    }));
    const across = [...clients.slice(0, half), ...moved];
    const twoRun = { pairs: pairsOf(across), rate: RATE, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
    rows.push({
      name: `chat, two instances via Redis, ${SOCKETS} sockets`,
      result: await measureLatency(twoRun),
      budgetMs: BUDGET.twoInstances,
    });
    for (const client of moved) client.ws.terminate();
  } else {
    log(`Redis does not answer at ${REDIS_URL}: the two-instance case is skipped`);
  }
  for (const client of clients) client.ws.terminate();

  log(`\n${formatRows(rows)}\n`);
  await writeResults('bench-chat-results.json', {
    sockets: SOCKETS,
    rate: RATE,
    seconds: SECONDS,
    bareRoute: { rps: ceiling.rps, p99: ceiling.p99 },
    memoryPerSocketBytes: Math.round(perSocket),
    results: rows,
  });
  await fs.rm(dataDir, { recursive: true, force: true });
}

await runBench(main);
