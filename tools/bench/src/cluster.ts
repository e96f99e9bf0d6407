import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { appEnv, runBench, startChild } from './children.js';
import { chatAcross } from './cluster-chat.js';
import { formatClusterReport, type ClusterReport, type Measured } from './cluster-report.js';
import { killUnderLoad } from './cluster-kill.js';
import { benchPhotos, uploadRequests, wallRequests } from './cluster-requests.js';
import { prepareClusterDatabase } from './cluster-seed.js';
import { cpuByGroup, cpuPerRequest, primeReaders, type CpuByGroup, type ServerPids } from './cluster-cpu.js';
import { startBalancer } from './haproxy.js';
import { judge, writeResults } from './report.js';
import { runRequestLoad, type BenchRequest } from './request-load.js';
import { startS3Server } from './s3-server.js';

/**
 * `npm run bench:cluster` (issue #30): in one run, the bare Fastify route; one instance straight (PostgreSQL,
 * media on its disk); three instances behind deploy/haproxy.cfg, each with its own DATA_DIR, sharing PostgreSQL,
 * Redis and an S3 bucket (s3rver): the logged-in wall and a photo upload on both; `kill -9` of one of the three
 * under that load; chat across the three through Redis with BENCH_CLUSTER_SOCKETS sockets. A scratch database
 * `nomadas_bench_cluster`, dropped at the end, as the Redis keys of its prefix are.
 */
const env = process.env;
const DATABASE_URL = env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';
const REDIS_URL = env.REDIS_URL || 'redis://127.0.0.1:6379';
const DATABASE = env.BENCH_CLUSTER_DATABASE ?? 'nomadas_bench_cluster';
const SOCKETS = Number(env.BENCH_CLUSTER_SOCKETS ?? 6000);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
// Each upload is decoded and resized (sharp): a few at once keep the instances busy without a queue of them.
const UPLOAD_CONNECTIONS = Number(env.BENCH_UPLOAD_CONNECTIONS ?? 8);
const SECONDS = Number(env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 2);
const CHAT_RATE = Number(env.BENCH_CHAT_RATE ?? 100);
// As bench:chat's: the burst of sockets connecting settles first.
const CHAT_WARMUP_SECONDS = Number(env.BENCH_CHAT_WARMUP_SECONDS ?? 8);
const KILL_SECONDS = 20;
const KILL_AFTER_SECONDS = 5;
/** Logged-in people reading the wall and posting, each with a session of their own. */
const READERS = 1_000;
const log = (message: string) => console.log(message);

async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]) * 1024;
}

/** The PostgreSQL backends serving the bench database (only the app instances connect to it). */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

async function dropDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.end();
}

async function forgetRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1000 }))
    if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
  redis.disconnect();
}

/** Measures load cases one after the other, each beside the first (the bare route), with CPU per request. */
function caseMeasurer(results: Measured[]) {
  return async (
    name: string,
    port: number,
    next: () => BenchRequest,
    connections: number,
    servers: () => Promise<ServerPids>,
  ): Promise<Measured> => {
    const cpuAtStart = new Promise<CpuByGroup>((resolve) =>
      setTimeout(() => resolve(servers().then(cpuByGroup)), WARMUP_SECONDS * 1000),
    );
    const load = await runRequestLoad({
      port,
      next,
      connections,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    });
    const cpuAtEnd = await cpuByGroup(await servers());
    const result: Measured = judge(name, load, null, results[0]?.rps ?? load.rps);
    result.cpuByGroup = cpuPerRequest(await cpuAtStart, cpuAtEnd, load.requests);
    result.cpuMsPerRequest = Object.values(result.cpuByGroup).reduce((sum, ms) => sum + ms, 0);
    if (!result.sample.startsWith('{"state":"OK"')) log(`warning: ${name}: ${result.sample.slice(0, 200)}`);
    log(
      `${name}: ${Math.round(result.rps)} req/s, ${result.cpuMsPerRequest.toFixed(2)} ms CPU/req, p99 ${result.p99.toFixed(1)} ms, ${result.errors} errors`,
    );
    results.push(result);
    return result;
  };
}

async function main(): Promise<void> {
  log(`preparing ${DATABASE}: ${SOCKETS} users with sessions, a wall of 20,000 posts`);
  const { url, users } = await prepareClusterDatabase(DATABASE_URL, DATABASE, SOCKETS);
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-bench-cluster-'));
  const folder = async (name: string) => {
    const dir = path.join(root, name);
    await fs.mkdir(dir);
    return dir;
  };
  const run = crypto.randomBytes(4).toString('hex');
  const redisPrefix = `bench-cluster:${run}:`;
  const marker = `cluster ${run} `;
  const s3 = await startS3Server();
  try {
    const tokens = users.slice(0, READERS).map((user) => user.token);
    const wall = wallRequests(tokens);
    const upload = uploadRequests(tokens, await benchPhotos(), marker);
    // Every instance behind a balancer on loopback; the limits stay counted (Redis or memory), not reached.
    const common = { TRUST_PROXY: 'loopback', DATABASE_POOL_SIZE: '10', RATE_LIMIT_FACTOR: '1000' };
    const uploads = await folder('uploads');
    // What the three share (and the instance that measures them alone): Redis, the bucket, the upload area.
    const shared = { ...common, ...s3.env, REDIS_URL, REDIS_PREFIX: redisPrefix, VIDEO_UPLOAD_DIR: uploads };
    const [bare, bareWs] = await Promise.all([
      startChild('bare-process.js', appEnv(url, root)),
      startChild('bare-ws-process.js', appEnv(url, root)),
    ]);
    const results: Measured[] = [];
    const measure = caseMeasurer(results);
    const health = (): BenchRequest => ({ method: 'GET', path: '/api/health' });
    await measure('bare Fastify, constant JSON (ceiling)', bare.port, health, CONNECTIONS, async () => ({
      app: [bare.pid],
    }));

    /**
     * One instance straight on `extra`'s settings: the wall and uploads, its memory before and after; with
     * `balanced`, the same loads again through deploy/haproxy.cfg with its three servers all this instance.
     */
    const alone = async (label: string, extra: NodeJS.ProcessEnv, servers: ServerPids, balanced = false) => {
      const instance = await startChild('app-process.js', appEnv(url, await folder(label), extra));
      const pids = async () => ({ ...servers, app: [instance.pid], database: await backendPids(url) });
      const rssIdle = await rssOf(instance.pid);
      await primeReaders([instance.port], tokens);
      const wallCase = await measure(
        `${label}: GET /api/posts logged in`,
        instance.port,
        wall,
        CONNECTIONS,
        pids,
      );
      const uploadCase = await measure(
        `${label}: POST /api/post/create (photo)`,
        instance.port,
        upload,
        UPLOAD_CONNECTIONS,
        pids,
      );
      const rssLoaded = await rssOf(instance.pid);
      const behind = balanced ? await behindBalancer(label, instance.port, pids) : undefined;
      process.kill(instance.pid, 'SIGTERM');
      return { wall: wallCase, upload: uploadCase, rssIdle, rssLoaded, behind };
    };
    /** What the balancer costs at an equal number of instances (issue #30 on two cores: docs/performance.md). */
    const behindBalancer = async (label: string, port: number, pids: () => Promise<ServerPids>) => {
      const at = `127.0.0.1:${port}`;
      const balancer = await startBalancer([at, at, at]);
      try {
        await balancer.allUp();
        const withBalancer = async () => ({ ...(await pids()), balancer: [balancer.pid] });
        const name = `${label} behind HAProxy`;
        return {
          wall: await measure(
            `${name}: GET /api/posts logged in`,
            balancer.port,
            wall,
            CONNECTIONS,
            withBalancer,
          ),
          upload: await measure(
            `${name}: POST /api/post/create (photo)`,
            balancer.port,
            upload,
            UPLOAD_CONNECTIONS,
            withBalancer,
          ),
        };
      } finally {
        balancer.stop();
      }
    };
    // As a single-instance operator runs it (media on its disk, no Redis), then on the stores the three share,
    // straight and behind the balancer.
    const one = await alone('one instance', { ...common, INSTANCES: '1', REDIS_URL: '' }, {});
    const stores = await alone('one instance on Redis + bucket', shared, { bucket: [s3.pid] }, true);

    // Three instances, each with its own DATA_DIR, sharing the database, Redis, the bucket and the upload area.
    const instances = await Promise.all(
      [1, 2, 3].map(async (n) => startChild('app-process.js', appEnv(url, await folder(`app${n}`), shared))),
    );
    const balancer = await startBalancer(
      instances.map((instance) => `127.0.0.1:${instance.port}`) as [string, string, string],
    );
    try {
      await balancer.allUp();
      await primeReaders(
        instances.map((instance) => instance.port),
        tokens,
      );
      const clusterServers = async () => ({
        app: instances.map((instance) => instance.pid),
        balancer: [balancer.pid],
        bucket: [s3.pid],
        database: await backendPids(url),
      });
      const label = 'three behind HAProxy';
      const three = {
        wall: await measure(
          `${label}: GET /api/posts logged in`,
          balancer.port,
          wall,
          CONNECTIONS,
          clusterServers,
        ),
        upload: await measure(
          `${label}: POST /api/post/create (photo)`,
          balancer.port,
          upload,
          UPLOAD_CONNECTIONS,
          clusterServers,
        ),
      };

      log(`chat: ${SOCKETS} sockets on a bare ws relay, then through the balancer…`);
      const chat = await chatAcross({
        users,
        balancerPort: balancer.port,
        bareWsPort: bareWs.port,
        rss: () => Promise.all(instances.map((instance) => rssOf(instance.pid))),
        spread: async () => (await balancer.servers()).map((server) => server.current),
        rate: CHAT_RATE,
        seconds: SECONDS,
        warmupSeconds: CHAT_WARMUP_SECONDS,
      });

      log(`kill -9 of app2 after ${KILL_AFTER_SECONDS} s of ${KILL_SECONDS} s of wall and uploads…`);
      const kill = await killUnderLoad({
        port: balancer.port,
        connections: CONNECTIONS,
        uploadConnections: UPLOAD_CONNECTIONS,
        seconds: KILL_SECONDS,
        killAfterSeconds: KILL_AFTER_SECONDS,
        wall,
        upload,
        marker,
        kill: () => process.kill(instances[1]!.pid, 'SIGKILL'),
        balancerSays: async () =>
          (await balancer.servers()).map((server) => `${server.name} ${server.status}`).join(', '),
        databaseUrl: url,
      });
      results.push(
        judge(
          `kill -9 of one of three: GET /api/posts (${KILL_SECONDS} s)`,
          kill.wall,
          null,
          results[0]!.rps,
        ),
        judge(
          `kill -9 of one of three: POST /api/post/create (${KILL_SECONDS} s)`,
          kill.upload,
          null,
          results[0]!.rps,
        ),
      );

      const report: ClusterReport = { results, one, stores, three, chat, kill };
      log(`\n${formatClusterReport(report)}\n`);
      await writeResults('bench-cluster-results.json', {
        connections: CONNECTIONS,
        uploadConnections: UPLOAD_CONNECTIONS,
        seconds: SECONDS,
        ...report,
        results: results.map(({ sample: _sample, ...rest }) => rest),
      });
    } finally {
      balancer.stop();
    }
  } finally {
    await s3.stop();
    await forgetRedisKeys(redisPrefix).catch(() => undefined);
    await dropDatabase().catch((error: Error) => log(`could not drop ${DATABASE}: ${error.message}`));
    await fs.rm(root, { recursive: true, force: true });
  }
}

await runBench(main);
