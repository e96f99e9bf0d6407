import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { migrateToLatest, openDatabase } from '@nomadas/server/db/database';
import { hashToken, newToken } from '@nomadas/server/http/auth';
import { storeImage } from '@nomadas/server/media/images';
import { createDiskMediaStore } from '@nomadas/server/media/media-store';
import { DEFLATE_PIECES_AFTER_ASKS } from '@nomadas/server/modules/posts/wall/answer-text';
import { runLoad, type LoadOptions } from './load.js';
import { cpuByPid, cpuSpent } from './cpu.js';
import { formatTable, judge, writeResults, type Budget, type CaseResult } from './report.js';
import { appEnv, benchDatabaseBase, runBench, startChild } from './children.js';
import { startRouteVisits } from './route-visits.js';
import { BENCH_LOGIN, BENCH_SCALE, isSeeded, seedAtScale } from './scale-seed.js';
import { spanishTowns } from '@nomadas/server/modules/map/spanish-towns';
import { BENCH_MAP_POINTS, provinceViewCell } from './map-scale-seed.js';

/**
 * `npm run bench`: seeds a dedicated PostgreSQL database at the scale of DESIGN.md §5 (reused while its
 * data version matches), runs the real app and a bare Fastify server as child processes on loopback,
 * and measures each case with 50 keep-alive connections while route visits (POST /api/trc/path) arrive
 * in the background. Prints a table with each case's share of the bare route and writes bench-results.json.
 */
const env = process.env;
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 2);
const DATABASE = env.BENCH_DATABASE ?? 'nomadas_bench';
/** Logged-in people reading the wall at once in the case that has many (each its own session). */
const READERS = 1_000;
/** Route visits per second in the background of every case (DESIGN.md §5). */
const ROUTE_VISITS_PER_SECOND = Number(env.BENCH_ROUTE_VISITS ?? 50);
/** DESIGN.md §5: a wall page of 12 (and a single post) at this scale on 2 cores, at least 1/4 of the bare route. */
const WALL_BUDGET: Budget = { p99Ms: 25, minShareOfBare: 0.25 };
/** DESIGN.md §5: search suggestions on the same data (its share of the bare route is reported, not judged). */
const SEARCH_BUDGET: Budget = { p99Ms: 30 };
/** DESIGN.md §5: the header badge's poll on the same data (share of the bare route reported, not judged). */
const NOTIFICATIONS_NV_BUDGET: Budget = { p99Ms: 10 };
/** DESIGN.md §5: map points in a box at 100k points (share of the bare route reported, not judged). */
const MAP_POINTS_BUDGET: Budget = { p99Ms: 30 };
/** BENCH_CASES=search,tag runs only the cases whose names contain one of these words (and the bare route). */
const CASE_FILTER = (env.BENCH_CASES ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
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

/**
 * Sessions for the first `count` bench users, made in the database as a login makes them (only the token's
 * hash is stored), for the cases read by many people at once: a login each would take minutes of argon2.
 */
async function readerTokens(url: string, count: number): Promise<string[]> {
  return admin(url, async (client) => {
    const { rows } = await client.query<{ id: string }>('select id from users order by id limit $1', [count]);
    const tokens = rows.map(() => newToken());
    await client.query('delete from sessions where expires_at < now()');
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at)
       select user_id, token_hash, now() + interval '1 hour' from unnest($1::bigint[], $2::bytea[]) as s(user_id, token_hash)`,
      [rows.map((row) => row.id), tokens.map(hashToken)],
    );
    return tokens;
  });
}

const randomInt = (max: number) => Math.floor(Math.random() * max);
/** The post a shared link opens in the same-post cases: one in the middle of the wall, nobody's newest. */
const SHARED_POST = `/api/post/ruta-numero-${BENCH_SCALE.posts / 2}`;
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

/**
 * What people type in the header's box, as the browser sends it after each pause: prefixes of the bench's
 * tags and usernames (10k viajero_N, so a short prefix matches thousands), accents and capitals, typos
 * that only the fuzzy class finds, '#'/'@' for one group, and words that match nothing.
 */
const SEARCH_TEXTS: ReadonlyArray<() => string> = [
  () => pick(['g', 'ga', 'gal', 'pir', 'auto', 'ast', 'costa', 'picos', 'areas', 'furgo']),
  () => pick(['Galícia', 'ASTURIAS', 'Pirinéos', 'Autocarávana', 'Costa Brava']),
  () => pick(['galisia', 'asturas', 'pirineo', 'autocaravan', 'furgonetas', 'picosdeuropa']),
  () => pick(['v', 'vi', 'via', 'viaj', 'viajero', 'viajera', 'bench']),
  () => `viajero_${1 + randomInt(BENCH_SCALE.users)}`,
  () => `Viajero_${1 + randomInt(999)}`,
  () => pick(['#gal', '#autocaravana', '@viajero_7', '@bench_viajera']),
  () => pick(['zzzz', 'xq', 'nómada', 'ruta del cares']),
];
const searchPath = () => `/api/search/all/${encodeURIComponent(pick(SEARCH_TEXTS)())}`;

/** A word with one letter dropped or two swapped: the typos the fuzzy classes are for. */
function typo(word: string): string {
  const i = 1 + randomInt(Math.max(1, word.length - 2));
  return randomInt(2) === 0
    ? word.slice(0, i) + word.slice(i + 1)
    : word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
}

/**
 * What people type in the map's search box (scope=map: places and towns) at 100k places (map-scale-seed.ts,
 * 'Área de autocaravanas N de {town}'): a town's name whole, its start, with a typo or without accents; a
 * place's name or number; words that match nothing. Most are texts nobody asked before (no shared answer).
 */
function placeSearchTexts(towns: readonly string[]): ReadonlyArray<() => string> {
  return [
    () => pick(towns),
    () => pick(towns).slice(0, 3 + randomInt(4)),
    () => typo(pick(towns)),
    () => pick(towns).normalize('NFD').replace(/\p{M}/gu, '').toUpperCase(),
    () => `Área de autocaravanas ${1 + randomInt(BENCH_MAP_POINTS)}`,
    () => `gasolinera ${pick(towns)}`,
    () => pick(['zzzz', 'xq', 'área', 'autocaravanas de', 'parking playa']) + ' ' + randomInt(1000),
  ];
}

const placeSearchPath = (texts: ReadonlyArray<() => string>, scope: 'map' | 'all') =>
  `/api/search/all/${encodeURIComponent(pick(texts)())}${scope === 'map' ? '?scope=map' : ''}`;

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
  const base = benchDatabaseBase('npm run bench');
  if (!base) return;
  const dataDir = path.resolve(env.BENCH_DATA_DIR ?? 'data/bench');
  const url = await prepareDatabase(base, dataDir);
  // The background's route visits come from many addresses through X-Forwarded-For.
  const childEnv = appEnv(url, dataDir, { TRUST_PROXY: 'loopback', INSTANCES: '1' });
  const [{ port: appPort, pid: appPid }, { port: barePort, pid: barePid }] = await Promise.all([
    startChild('app-process.js', childEnv),
    startChild('bare-process.js', childEnv),
  ]);
  // The PostgreSQL backends serving the bench database: only the app connects to it.
  const backends = () =>
    admin(url, async (client) =>
      (
        await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows.map((row) => row.pid),
    );
  const token = await login(appPort);
  // Every case asks as browsers do, taking compressed answers: what the app then compresses for each
  // request is part of what it costs.
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const loggedIn = { 'api-token': token, ...browser };
  const readers = (await readerTokens(url, READERS)).map((reader) => ({ 'api-token': reader, ...browser }));
  const placeTexts = placeSearchTexts([...new Set((await spanishTowns()).map((town) => town.name))]);
  const wall = (n: number, tag = '') => `/api/posts?1&n=${n}&l=12&tag=${tag}&cm=1`;
  // Keyset continuation as clients page: `a` is the last post of the page before, up to 1,000 pages deep
  // (ids are dense in the bench data, and each hashtag's posts 8 apart). The same URL carries `n`, so
  // a build without keyset answers it by offset: the two compare at the same depth.
  const newest = await admin(url, async (client) => {
    const { rows } = await client.query<{ wall: string; tag: string }>(
      `select (select max(id) from posts)::text as wall,
              (select max(post_id) from post_hashtags where tag = 'galicia')::text as tag`,
    );
    return { wall: Number(rows[0]!.wall), tag: Number(rows[0]!.tag) };
  });
  const deep = (tag = '') => {
    const n = 12 * (1 + randomInt(1000));
    const a = tag ? newest.tag - 8 * (n - 1) : newest.wall - (n - 1);
    return `/api/posts?1&n=${n}&l=12&tag=${tag}&cm=1&a=${a}`;
  };
  // Continuing after any post at all: almost every page is one no reader asked for before, read from the
  // database. Readers scrolling from the top share their pages' ends (`deep`); this is the worst case.
  const deepAnywhere = () =>
    `/api/posts?1&n=12&l=12&tag=&cm=1&a=${newest.wall - randomInt(BENCH_SCALE.posts - 12)}`;

  // The size of a logged-in wall page's answer as sent (gzipped), for the bare route that answers as many bytes:
  // asked until it is sent as a busy page is, from its pieces deflated once (posts/wall/answer-text.ts).
  let wallPageBytes = 0;
  for (let ask = 0; ask <= DEFLATE_PIECES_AFTER_ASKS; ask++) {
    const answer = await fetch(`http://127.0.0.1:${appPort}${wall(0)}`, { headers: loggedIn });
    wallPageBytes = Number(answer.headers.get('content-length'));
  }

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
      name: `bare Fastify, constant JSON of a wall page's ${(wallPageBytes / 1000).toFixed(1)} kB (reported)`,
      options: { port: barePort, path: () => `/api/bytes/${wallPageBytes}` },
      budget: null,
    },
    {
      name: 'GET /api/health (app, SELECT 1)',
      options: { port: appPort, path: () => '/api/health' },
      budget: null,
    },
    {
      name: 'GET /api/posts visitor',
      options: { port: appPort, path: () => wall(0), headers: browser },
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
      // Each of them reads the wall again and again, as after going back to it or reloading: the marks of
      // all of them are remembered (posts/wall/viewer-marks.ts), the first read of each is not.
      name: `GET /api/posts logged in, ${READERS.toLocaleString('en')} readers`,
      options: { port: appPort, path: () => wall(0), headers: () => pick(readers) },
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
      name: 'GET /api/posts logged in, keyset a, n random ≤ 12000',
      options: { port: appPort, path: () => deep(), headers: loggedIn },
      budget: WALL_BUDGET,
      posts: 12,
    },
    {
      name: 'GET /api/posts logged in, keyset a after any post (first reads, reported)',
      options: { port: appPort, path: deepAnywhere, headers: loggedIn },
      budget: null,
      posts: 12,
    },
    {
      name: 'GET /api/posts logged in, tag=galicia',
      options: { port: appPort, path: () => wall(12 * randomInt(11), 'galicia'), headers: loggedIn },
      budget: WALL_BUDGET,
      posts: 12,
    },
    {
      name: 'GET /api/posts logged in, tag=galicia, keyset a, n ≤ 12000',
      options: { port: appPort, path: () => deep('galicia'), headers: loggedIn },
      budget: WALL_BUDGET,
      posts: 12,
    },
    {
      name: 'GET /api/posts visitor, tag=galicia',
      options: { port: appPort, path: () => wall(0, 'galicia'), headers: browser },
      budget: WALL_BUDGET,
      posts: 5,
    },
    {
      // What a shared link opens, asked by every connection at once (#29): one shared answer, marks spliced in.
      name: 'GET /api/post/{url} visitor, same post',
      options: { port: appPort, path: () => SHARED_POST, headers: browser },
      budget: WALL_BUDGET,
    },
    {
      name: 'GET /api/post/{url} logged in, same post',
      options: { port: appPort, path: () => SHARED_POST, headers: loggedIn },
      budget: WALL_BUDGET,
    },
    {
      name: 'GET /api/post/{url} visitor, random',
      options: {
        port: appPort,
        path: () => `/api/post/ruta-numero-${1 + randomInt(BENCH_SCALE.posts)}`,
        headers: browser,
      },
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
    {
      name: 'GET /api/search/all/{text} visitor, mixed texts',
      options: { port: appPort, path: searchPath, headers: browser },
      budget: SEARCH_BUDGET,
    },
    {
      name: 'GET /api/search/all/{text}?scope=map visitor, places and towns',
      options: { port: appPort, path: () => placeSearchPath(placeTexts, 'map'), headers: browser },
      budget: SEARCH_BUDGET,
    },
    {
      // The header's box: hashtags, users and channels as well as places and towns, in one statement.
      name: 'GET /api/search/all/{text} visitor, places and towns',
      options: { port: appPort, path: () => placeSearchPath(placeTexts, 'all'), headers: browser },
      budget: SEARCH_BUDGET,
    },
    {
      // The bench login's pending ones reach the count's cap (scale-seed.ts): the costliest count there is.
      name: 'GET /api/notifications_nv logged in',
      options: { port: appPort, path: () => '/api/notifications_nv', headers: loggedIn },
      budget: NOTIFICATIONS_NV_BUDGET,
    },
    {
      // A cell of a province in view, as the browser asks (some 1,000 of the 100k points), gzip as browsers take it.
      name: 'GET /api/map/points visitor, province bbox',
      options: {
        port: appPort,
        path: () => `/api/map/points?bbox=${provinceViewCell()}`,
        headers: browser,
      },
      budget: MAP_POINTS_BUDGET,
    },
    {
      name: 'GET /api/map/points logged in, province bbox, filtered (areas, services, vehicle, open now)',
      options: {
        port: appPort,
        path: () =>
          `/api/map/points?bbox=${provinceViewCell()}&kinds=default&services=agua,negras&length=8&height=3.6&weight=3.5&open=1`,
        headers: loggedIn,
      },
      budget: MAP_POINTS_BUDGET,
    },
  ];

  log(
    `\n${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per case, ${ROUTE_VISITS_PER_SECOND} route visits/s in the background, ${os.availableParallelism()} CPUs (app, PostgreSQL and load generator share them)\n`,
  );
  const results: CaseResult[] = [];
  const visits = startRouteVisits(appPort, ROUTE_VISITS_PER_SECOND);
  const chosen = cases.filter(
    (c, index) =>
      index === 0 ||
      CASE_FILTER.length === 0 ||
      CASE_FILTER.some((word) => c.name.toLowerCase().includes(word)),
  );
  for (const c of chosen) {
    // The app's CPU includes its share of the background's route visits (their inserts too).
    const servers = async () => (c.options.port === barePort ? [barePid] : [appPid, ...(await backends())]);
    // CPU is counted from the end of the warm-up to the end of the case.
    const cpuAtStart = new Promise<Map<number, number>>((resolve) =>
      setTimeout(() => resolve(servers().then(cpuByPid)), WARMUP_SECONDS * 1000),
    );
    const load = await runLoad({
      ...c.options,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    });
    const cpuMs = cpuSpent(await cpuAtStart, await cpuByPid(await servers()));
    // The first case is the bare route: its own share is 1.
    const result = judge(c.name, load, c.budget, results[0]?.rps ?? load.rps);
    result.cpuMsPerRequest = cpuMs / Math.max(1, load.requests);
    checkSample(result, c.posts);
    log(
      `${c.name}: ${Math.round(result.rps)} req/s (${Math.round(result.shareOfBare * 100)} % of bare), ${result.cpuMsPerRequest.toFixed(2)} ms CPU/req, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
    );
    results.push(result);
  }
  const background = await visits.stop();
  log(`\n${formatTable(results)}\n`);
  log(
    `background: ${background.sent} route visits in ${background.seconds.toFixed(0)} s (${(background.sent / background.seconds).toFixed(0)}/s): ${background.ok} OK, ${background.limited} limited, ${background.failed} failed`,
  );
  await writeResults('bench-results.json', {
    scale: BENCH_SCALE,
    connections: CONNECTIONS,
    seconds: SECONDS,
    routeVisits: background,
    results: results.map(({ sample: _sample, ...rest }) => rest),
  });
}

await runBench(main);
