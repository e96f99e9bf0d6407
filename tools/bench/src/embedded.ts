import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLoad, type LoadResult } from './load.js';

/**
 * `npm run bench:embedded`: what `npm start` gives on one machine. Runs the real app on the demo
 * content with each embedded database (child processes, configured by env like `npm start`) and
 * measures, at 32 keep-alive connections, a bare Fastify route (the ceiling, measured in every round),
 * the visitor wall, the logged-in wall, the same post asked by every connection (a shared link) and a
 * random post, logged in.
 * Goals: logged-in wall ≥ 20 % of the bare route with p99 ≤ 50 ms (issue 6); the same post ≥ 25 % with
 * p99 ≤ 15 ms (issue 29). "CPU % of bare" is the bare route's CPU time per request over the case's (app +
 * its database processes): how much costlier a request is, a figure that other work on a shared machine
 * hardly moves, unlike req/s.
 * Optional: BENCH_CONNECTIONS, BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ROUNDS, BENCH_DATA_DIR (default
 * data/bench-embedded, demo content kept between runs), BENCH_OPTIONS (e.g. `postgres,pglite-worker`).
 */
const env = process.env;
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 2);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 3);
const GOALS = [
  { name: 'logged-in wall', share: 0.2, p99Ms: 50 },
  { name: 'same post, logged in', share: 0.25, p99Ms: 15 },
];
const here = path.dirname(fileURLToPath(import.meta.url));
const log = (message: string) => console.log(message);

const OPTIONS = [
  { key: 'pglite', name: 'PGlite on the app thread', env: { EMBEDDED_DATABASE: 'pglite' } },
  {
    key: 'pglite-worker',
    name: 'PGlite on a worker thread',
    env: { EMBEDDED_DATABASE: 'pglite', BENCH_PGLITE_WORKER: 'true' },
  },
  { key: 'postgres', name: 'embedded PostgreSQL', env: { EMBEDDED_DATABASE: 'postgres' } },
] as const;
type Option = (typeof OPTIONS)[number];

const children = new Set<ChildProcess>();

/** Forks a child server and waits for the port it listens on (the first start seeds the demo). */
function startChild(
  entry: string,
  childEnv: NodeJS.ProcessEnv,
): Promise<{ port: number; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, entry), {
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    child.once('message', (message: { port?: number }) =>
      message.port ? resolve({ port: message.port, child }) : reject(new Error(`${entry}: no port`)),
    );
    child.once('exit', (code) => {
      children.delete(child);
      reject(new Error(`${entry} exited with ${code}`));
    });
  });
}

/** Asks a child to close (the app stops its embedded database) and waits until it has exited. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  await exited;
}

async function api<T>(port: number, urlPath: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, init);
  const body = (await response.json()) as T & { state?: string };
  if (body.state === 'KO') throw new Error(`${urlPath}: ${JSON.stringify(body)}`);
  return body;
}

interface Target {
  name: string;
  port: number;
  token?: string;
  urls: string[];
  /** The processes whose CPU time a request costs: the app, and its PostgreSQL server and backends. */
  pids: () => Promise<number[]>;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) used so far by these processes, in milliseconds. */
async function cpuMs(pids: number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** A postmaster's whole tree: itself and every backend and worker it forked. */
async function postgresTree(postmasterPidFile: string): Promise<number[]> {
  const postmaster = Number((await fs.readFile(postmasterPidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!postmaster) return [];
  const children: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster)
      children.push(Number(entry));
  }
  return [postmaster, ...children];
}

/**
 * Load through `runLoad`, plus the CPU time the serving processes spent per answered request: unlike
 * req/s, that hardly moves when other work shares the machine (the load generator's own cost is left out).
 */
async function measureWithCpu(
  port: number,
  pids: () => Promise<number[]>,
  next: () => string,
  headers?: Record<string, string>,
): Promise<Measured> {
  const [app, ...database] = await pids();
  const sample = async () => [await cpuMs([app!]), await cpuMs(database)] as const;
  // The warm-up's CPU is not counted: sample at its end.
  const warm = new Promise<readonly [number, number]>((resolve) =>
    setTimeout(() => resolve(sample()), WARMUP_SECONDS * 1000),
  );
  const result = await measure(port, next, headers);
  const [appEnd, databaseEnd] = await sample();
  const [appStart, databaseStart] = await warm;
  const requests = Math.max(1, result.requests);
  return {
    ...result,
    cpuMsPerRequest: (appEnd - appStart + databaseEnd - databaseStart) / requests,
    databaseCpuMsPerRequest: (databaseEnd - databaseStart) / requests,
  };
}

type Measured = LoadResult & {
  /** CPU time of the app and its database server per answered request. */
  cpuMsPerRequest: number;
  /** The database server's part of it (0 for PGlite, which runs in the app's process). */
  databaseCpuMsPerRequest: number;
};

const measure = (port: number, next: () => string, headers?: Record<string, string>) =>
  runLoad({
    port,
    path: next,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    ...(headers ? { headers } : {}),
  });

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** The app on one option, once its demo is seeded and the wall shows it. */
async function startOption(
  option: Option,
  dataRoot: string,
): Promise<{ target: Target; child: ChildProcess }> {
  const dataDir = path.join(dataRoot, option.key);
  const started = performance.now();
  const { port, child } = await startChild('embedded-app-process.js', {
    ...env,
    ...option.env,
    NODE_ENV: 'production',
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'warn',
  });
  // The demo may fill in behind the open port: wait until the wall has its posts.
  const login = async () => {
    for (;;) {
      try {
        return await api<{ token: string }>(port, '/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'demo', password: 'nomadas-demo' }),
        });
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };
  const { token } = await login();
  let urls: string[] = [];
  while (urls.length < 36) {
    const pages = await Promise.all(
      [0, 12, 24].map((n) =>
        api<{ data: { data: Array<{ url: string }> } }>(port, `/api/posts?1&n=${n}&l=12&tag=&cm=1`, {
          headers: { 'api-token': token },
        }),
      ),
    );
    urls = pages.flatMap((page) => page.data.data.map((post) => post.url));
    if (urls.length < 36) await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  log(`${option.name}: ready after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const pids = async () => [
    child.pid!,
    ...(option.key === 'postgres'
      ? await postgresTree(path.join(dataDir, 'postgres/data/postmaster.pid'))
      : []),
  ];
  return { target: { name: option.name, port, token, urls, pids }, child };
}

interface Sample {
  target: string;
  name: string;
  round: number;
  result: Measured;
}

const CASES = [
  { name: 'visitor wall', loggedIn: false, path: (_t: Target) => '/api/posts?1&n=0&l=12&tag=&cm=1' },
  { name: 'logged-in wall', loggedIn: true, path: (_t: Target) => '/api/posts?1&n=0&l=12&tag=&cm=1' },
  // What a shared link opens, asked by everybody at once.
  {
    name: 'same post, logged in',
    loggedIn: true,
    path: (t: Target) => `/api/post/${encodeURIComponent(t.urls[0]!)}`,
  },
  {
    name: 'random post, logged in',
    loggedIn: true,
    path: (t: Target) =>
      `/api/post/${encodeURIComponent(t.urls[Math.floor(Math.random() * t.urls.length)]!)}`,
  },
] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function table(samples: Sample[], targets: Target[]): string {
  const lines = [
    [
      'option',
      'case',
      'req/s',
      '% of bare',
      'p50',
      'p99',
      'errors',
      'CPU ms/req',
      'of it database',
      'CPU % of bare',
    ],
  ];
  const bareCpu = median(samples.filter((s) => s.target === 'bare').map((s) => s.result.cpuMsPerRequest));
  const bareOf = (round: number) => samples.find((s) => s.target === 'bare' && s.round === round)!.result.rps;
  const bare = samples.filter((s) => s.target === 'bare');
  lines.push([
    'bare Fastify route (ceiling)',
    '',
    Math.round(median(bare.map((s) => s.result.rps))).toLocaleString('en'),
    '100 %',
    `${median(bare.map((s) => s.result.p50)).toFixed(1)} ms`,
    `${median(bare.map((s) => s.result.p99)).toFixed(1)} ms`,
    String(bare.reduce((sum, s) => sum + s.result.errors, 0)),
    bareCpu.toFixed(3),
    '',
    '100 %',
  ]);
  for (const target of targets)
    for (const c of CASES) {
      const runs = samples.filter((s) => s.target === target.name && s.name === c.name);
      lines.push([
        target.name,
        c.name,
        Math.round(median(runs.map((s) => s.result.rps))).toLocaleString('en'),
        `${(100 * median(runs.map((s) => s.result.rps / bareOf(s.round)))).toFixed(0)} %`,
        `${median(runs.map((s) => s.result.p50)).toFixed(1)} ms`,
        `${median(runs.map((s) => s.result.p99)).toFixed(1)} ms`,
        String(runs.reduce((sum, s) => sum + s.result.errors, 0)),
        median(runs.map((s) => s.result.cpuMsPerRequest)).toFixed(2),
        median(runs.map((s) => s.result.databaseCpuMsPerRequest)).toFixed(2),
        `${((100 * bareCpu) / median(runs.map((s) => s.result.cpuMsPerRequest))).toFixed(0)} %`,
      ]);
    }
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  const format = (line: string[]) =>
    line
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [format(lines[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.slice(1).map(format)].join(
    '\n',
  );
}

/**
 * Every option's app runs at once, idle but for the case being measured; each round measures the bare
 * route and then each case on each option in turn, so a machine busy with other work weighs on all alike.
 * The table gives medians over the rounds; "% of bare" is the median of each round's own ratio.
 */
async function main(): Promise<void> {
  const wanted = env.BENCH_OPTIONS?.split(',').map((key) => key.trim());
  const options = OPTIONS.filter((option) => !wanted || wanted.includes(option.key));
  const dataRoot = path.resolve(env.BENCH_DATA_DIR ?? 'data/bench-embedded');
  await fs.mkdir(dataRoot, { recursive: true });
  // As root, the embedded PostgreSQL runs as the postgres account, which must reach its folder.
  await fs.chmod(dataRoot, 0o755).catch(() => {});
  const { port: barePort, child: bareChild } = await startChild('bare-process.js', { ...env });
  const workerDir = path.join(dataRoot, 'pglite-worker');
  if (options.some((option) => option.key === 'pglite-worker') && !(await exists(workerDir))) {
    // PGlite's two options read the same seeded demo: seed it once, stopped, then copy it.
    await stopChild((await startOption(OPTIONS[0], dataRoot)).child);
    await fs.cp(path.join(dataRoot, 'pglite'), workerDir, { recursive: true });
  }
  const targets: Target[] = [];
  // One at a time: the first start of each seeds its demo.
  for (const option of options) targets.push((await startOption(option, dataRoot)).target);
  log(
    `\n${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per case, ${ROUNDS} rounds, ${os.availableParallelism()} CPUs shared by the apps, their databases and the load generator`,
  );
  const samples: Sample[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const bare = await measureWithCpu(
      barePort,
      async () => [bareChild.pid!],
      () => '/api/health',
    );
    samples.push({ target: 'bare', name: 'bare', round, result: bare });
    log(
      `round ${round}: bare ${Math.round(bare.rps)} req/s, ${bare.cpuMsPerRequest.toFixed(3)} CPU ms/request`,
    );
    for (const c of CASES)
      for (const target of targets) {
        const result = await measureWithCpu(
          target.port,
          target.pids,
          () => c.path(target),
          // As browsers ask: taking compressed answers.
          { 'accept-encoding': 'gzip, deflate, br', ...(c.loggedIn ? { 'api-token': target.token! } : {}) },
        );
        samples.push({ target: target.name, name: c.name, round, result });
        log(
          `  ${target.name}, ${c.name}: ${Math.round(result.rps)} req/s (${((100 * result.rps) / bare.rps).toFixed(0)} %), p99 ${result.p99.toFixed(1)} ms, ${result.cpuMsPerRequest.toFixed(2)} CPU ms/request, errors ${result.errors}`,
        );
      }
  }
  log(`\n${table(samples, targets)}\n`);
  for (const target of targets)
    for (const goal of GOALS) {
      const runs = samples.filter((s) => s.target === target.name && s.name === goal.name);
      const share = median(
        runs.map(
          (s) => s.result.rps / samples.find((b) => b.target === 'bare' && b.round === s.round)!.result.rps,
        ),
      );
      const p99 = median(runs.map((s) => s.result.p99));
      const pass = share >= goal.share && p99 <= goal.p99Ms && runs.every((s) => s.result.errors === 0);
      log(
        `${target.name}: ${goal.name} ${(100 * share).toFixed(0)} % of bare, p99 ${p99.toFixed(1)} ms — ${pass ? 'meets' : 'misses'} the goal (≥ ${100 * goal.share} %, p99 ≤ ${goal.p99Ms} ms)`,
      );
    }
}

process.on('SIGINT', () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(130);
});
try {
  await main();
} finally {
  for (const child of children) await stopChild(child);
}
