import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { storeImage } from '../media/images.js';
import { createDiskMediaStore } from '../media/media-store.js';
import { runLoad, type LoadOptions } from './load.js';
import { formatTable, judge, type Budget, type CaseResult } from './report.js';
import { BENCH_LOGIN, BENCH_SCALE, isSeeded, seedAtScale } from './scale-seed.js';

/**
 * `npm run bench`: seeds a dedicated PostgreSQL database at the scale of DESIGN.md §5 (reused while its
 * data version matches), runs the real app and a bare Fastify server as child processes on loopback,
 * and measures each case with 50 keep-alive connections. Prints a table and writes bench-results.json.
 */
const env = process.env;
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 2);
const DATABASE = env.BENCH_DATABASE ?? 'nomadas_bench';
/** DESIGN.md §5: a wall page of 12 at this scale on 2 cores. */
const WALL_BUDGET: Budget = { p99Ms: 25, minRps: 2000 };
const here = path.dirname(fileURLToPath(import.meta.url));
const log = (message: string) => console.log(message);

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The bench database, seeded at scale; dropped and rebuilt only when missing or of another data version. */
async function prepareDatabase(base: string, dataDir: string): Promise<string> {
  const url = databaseUrl(base, DATABASE);
  const exists = await admin(
    base,
    async (client) =>
      (await client.query('select 1 from pg_database where datname = $1', [DATABASE])).rowCount === 1,
  );
  let reuse = false;
  if (exists) {
    const db = await openDatabase({ url, poolSize: 2 });
    reuse = await isSeeded(db);
    await db.destroy();
  }
  if (!reuse) {
    await admin(base, async (client) => {
      await client.query(`drop database if exists ${DATABASE} with (force)`);
      await client.query(`create database ${DATABASE}`);
    });
  }
  const db = await openDatabase({ url, poolSize: 4 });
  try {
    await migrateToLatest(db);
    // One small photo that every post shows (stored by content, so the same name on every run).
    const photo = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#3b6aa0' } })
      .jpeg()
      .toBuffer();
    const stored = await storeImage(
      { media: await createDiskMediaStore(path.join(dataDir, 'media')) },
      photo,
    );
    const started = performance.now();
    if (await seedAtScale(db, stored, log))
      log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    else log(`reusing ${DATABASE} (data version ${BENCH_SCALE.version})`);
  } finally {
    await db.destroy();
  }
  return url;
}

const children: ChildProcess[] = [];

/** Forks a child server and waits for the port it listens on. */
function startChild(entry: string, childEnv: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, entry), {
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    child.once('message', (message: { port?: number }) =>
      message.port ? resolve(message.port) : reject(new Error(`${entry}: no port`)),
    );
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
}

function stopChildren(): void {
  for (const child of children) if (child.connected) child.disconnect();
}

async function login(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_LOGIN),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`bench login failed: ${JSON.stringify(body)}`);
  return body.token;
}

const randomInt = (max: number) => Math.floor(Math.random() * max);

/** Checks that a case measured what it claims: an OK envelope (and a full page, for wall pages). */
function checkSample(result: CaseResult, expectPosts?: number): void {
  try {
    const body = JSON.parse(result.sample) as { state?: string; data?: { data?: unknown[] } };
    if (body.state !== 'OK') throw new Error(result.sample.slice(0, 200));
    if (expectPosts !== undefined && body.data?.data?.length !== expectPosts)
      throw new Error(`expected ${expectPosts} posts, got ${body.data?.data?.length}`);
  } catch (error) {
    console.warn(`warning: ${result.name}: unexpected answer: ${(error as Error).message}`);
  }
}

async function main(): Promise<void> {
  const base = env.DATABASE_URL;
  if (!base) {
    console.error(
      'npm run bench needs DATABASE_URL pointing at a PostgreSQL server (it creates its own database there).',
    );
    process.exitCode = 2;
    return;
  }
  const dataDir = path.resolve(env.BENCH_DATA_DIR ?? 'data/bench');
  const url = await prepareDatabase(base, dataDir);
  const childEnv = {
    ...env,
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'warn',
  };
  const [appPort, barePort] = await Promise.all([
    startChild('app-process.js', childEnv),
    startChild('bare-process.js', childEnv),
  ]);
  const token = await login(appPort);
  const loggedIn = { 'api-token': token };
  const wall = (n: number, tag = '') => `/api/posts?1&n=${n}&l=12&tag=${tag}&cm=1`;

  const cases: Array<{
    name: string;
    options: Omit<LoadOptions, 'connections' | 'seconds' | 'warmupSeconds'>;
    budget: Budget | null;
    posts?: number;
  }> = [
    {
      name: 'bare Fastify, constant JSON (ceiling)',
      options: { port: barePort, path: () => '/api/health' },
      budget: null,
    },
    {
      name: 'GET /api/health (app, SELECT 1)',
      options: { port: appPort, path: () => '/api/health' },
      budget: null,
    },
    {
      name: 'GET /api/posts visitor',
      options: { port: appPort, path: () => wall(0) },
      budget: WALL_BUDGET,
      posts: 5,
    },
    {
      name: 'GET /api/posts logged in',
      options: { port: appPort, path: () => wall(0), headers: loggedIn },
      budget: WALL_BUDGET,
      posts: 12,
    },
    {
      name: 'GET /api/posts logged in, n random ≤ 1200',
      options: { port: appPort, path: () => wall(12 * randomInt(101)), headers: loggedIn },
      budget: WALL_BUDGET,
      posts: 12,
    },
    {
      name: 'GET /api/posts logged in, tag=galicia',
      options: { port: appPort, path: () => wall(12 * randomInt(11), 'galicia'), headers: loggedIn },
      budget: WALL_BUDGET,
      posts: 12,
    },
    {
      name: 'GET /api/post/{url} visitor, random',
      options: { port: appPort, path: () => `/api/post/ruta-numero-${1 + randomInt(BENCH_SCALE.posts)}` },
      budget: WALL_BUDGET,
    },
    {
      name: 'GET /api/post/{url} logged in, random',
      options: {
        port: appPort,
        path: () => `/api/post/ruta-numero-${1 + randomInt(BENCH_SCALE.posts)}`,
        headers: loggedIn,
      },
      budget: WALL_BUDGET,
    },
  ];

  log(
    `\n${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per case, ${os.availableParallelism()} CPUs (app, PostgreSQL and load generator share them)\n`,
  );
  const results: CaseResult[] = [];
  for (const c of cases) {
    const result = judge(
      c.name,
      await runLoad({
        ...c.options,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
      }),
      c.budget,
    );
    checkSample(result, c.posts);
    log(
      `${c.name}: ${Math.round(result.rps)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
    );
    results.push(result);
  }
  log(`\n${formatTable(results)}\n`);
  const output = path.resolve('bench-results.json');
  await fs.writeFile(
    output,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cpus: os.availableParallelism(), model: os.cpus()[0]?.model ?? '', node: process.version },
        scale: BENCH_SCALE,
        connections: CONNECTIONS,
        seconds: SECONDS,
        results: results.map(({ sample: _sample, ...rest }) => rest),
      },
      null,
      2,
    )}\n`,
  );
  log(`written ${path.relative(process.cwd(), output)}`);
}

process.on('SIGINT', () => {
  stopChildren();
  process.exit(130);
});
try {
  await main();
} finally {
  stopChildren();
}
