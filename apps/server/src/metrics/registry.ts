import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database.js';
import type { PoolReads } from '../db/postgres-js-pool.js';
import { readJobBacklog, readMailBacklog, type Backlog } from './metrics.queries.js';

/** Hits and misses a cache counts as it reads (lib/short-cache.ts, http/session-cache.ts): plain numbers. */
export interface CacheReads {
  hits: number;
  misses: number;
}

/** What the scrape reads, each at scrape time: the hot paths only bump plain numbers. */
export interface MetricSources {
  db: Db;
  openSockets: () => number;
  caches: Record<string, CacheReads>;
  /** The Redis link's state; undefined when REDIS_URL is not set (no metric then). */
  redisUp: (() => boolean) | undefined;
  /** The PostgreSQL pool's waits; undefined on PGlite (one connection, no pool: no metric then). */
  pool?: PoolReads | undefined;
}

/** The parts of a request and its reply the onResponse hook reads (Fastify's, named without Fastify). */
interface ObservedRequest {
  method: string;
  routeOptions: { url?: string | undefined };
}
interface ObservedReply {
  statusCode: number;
  elapsedTime: number;
}

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
/** Seconds: the wall's p99 budget is 25 ms, uploads take seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/**
 * One instance's Prometheus registry (README "Metrics"): process defaults with event-loop lag, requests by
 * route pattern, queues, sockets, caches and Redis. `observeRequest` is the app's onResponse hook.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'nomadas_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'nomadas_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // One pair of children per route and status class: a request looks its labels up once, allocates no object.
  const children = new Map<string, { count: { inc(): void }; time: { observe(value: number): void } }>();

  // Both queue gauges of a scrape share one read of each table.
  let backlogs: Promise<{ jobs: Backlog; mail: Backlog }> | undefined;
  const readBacklogs = () =>
    (backlogs ??= Promise.all([readJobBacklog(sources.db), readMailBacklog(sources.db)])
      .then(([jobs, mail]) => ({ jobs, mail }))
      .finally(() => (backlogs = undefined)));
  new Gauge({
    name: 'nomadas_queue_waiting',
    help: 'Jobs due and not started, mails not yet sent',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const { jobs, mail } = await readBacklogs();
      this.set({ queue: 'jobs' }, jobs.waiting);
      this.set({ queue: 'mail' }, mail.waiting);
    },
  });
  new Gauge({
    name: 'nomadas_queue_oldest_waiting_seconds',
    help: 'Age of the oldest waiting job (since due) or unsent mail (since written)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const { jobs, mail } = await readBacklogs();
      this.set({ queue: 'jobs' }, jobs.oldestSeconds);
      this.set({ queue: 'mail' }, mail.oldestSeconds);
    },
  });
  new Gauge({
    name: 'nomadas_open_sockets',
    help: 'WebSocket connections open on this instance',
    registers: [registry],
    collect() {
      this.set(sources.openSockets());
    },
  });
  new Counter({
    name: 'nomadas_cache_reads_total',
    help: 'Reads of the per-instance caches, hit or miss (hit ratio: hits over all)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, reads] of Object.entries(sources.caches)) {
        this.inc({ cache, result: 'hit' }, reads.hits);
        this.inc({ cache, result: 'miss' }, reads.misses);
      }
    },
  });
  const { redisUp } = sources;
  if (redisUp) {
    new Gauge({
      name: 'nomadas_redis_up',
      help: '1 while the link to Redis is ready, else 0',
      registers: [registry],
      collect() {
        this.set(redisUp() ? 1 : 0);
      },
    });
  }

  const { pool } = sources;
  if (pool) {
    new Gauge({
      name: 'nomadas_db_pool_waiting',
      help: 'Requests waiting for a PostgreSQL connection now',
      registers: [registry],
      collect() {
        this.set(pool.waiting);
      },
    });
    new Counter({
      name: 'nomadas_db_pool_acquires_total',
      help: 'PostgreSQL connections handed out by the pool',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(pool.acquired);
      },
    });
    new Counter({
      name: 'nomadas_db_pool_wait_seconds_total',
      help: 'Seconds spent waiting for a PostgreSQL connection, in all (mean wait: over the acquires)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(pool.waitSeconds);
      },
    });
  }

  return {
    registry,
    observeRequest(request: ObservedRequest, reply: ObservedReply, done: () => void): void {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = STATUS_CLASSES[Math.floor(reply.statusCode / 100) - 1] ?? 'other';
      const key = `${request.method} ${route} ${status}`;
      let child = children.get(key);
      if (!child) {
        const labels = { method: request.method, route, status };
        child = { count: requests.labels(labels), time: latency.labels(labels) };
        children.set(key, child);
      }
      child.count.inc();
      child.time.observe(reply.elapsedTime / 1000);
      done();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
