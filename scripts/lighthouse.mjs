// `npm run lighthouse [-- baseUrl]`: Lighthouse's mobile audit (Moto G Power emulation, simulated slow 4G and 4× CPU
// slowdown) of the first screens, in Debian's Chromium, against the DESIGN.md §5 budgets. Without a URL it builds the
// product and runs it on a spare port with the demo content in a temporary DATA_DIR, as `npm start` would.
// Each page is audited LIGHTHOUSE_RUNS times (default 3) in a fresh browser profile; the median run (by performance
// score) is reported. Writes lighthouse-results.json, and each page's full report when LIGHTHOUSE_REPORT_DIR is set.
// Pages are loaded as a deployment serves them, through a TLS-terminating HTTP/2 proxy (lighthouse-front.mjs);
// LIGHTHOUSE_HTTP2=0 loads them from the app directly, over plain HTTP/1.1.
// LIGHTHOUSE_CPU_SLOWDOWN sets the CPU slowdown (default Lighthouse's 4×). Lighthouse's 4× is meant for a desktop
// with a benchmark index of 1,500–2,000 (docs/throttling.md); a faster machine emulates a faster phone. `auto`
// audits the first page once to read this machine's benchmark index and scales 4× to it (4 × index / 1,750), so
// that every machine emulates the same phone.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { startHttp2Front } from './lighthouse-front.mjs';

const root = path.resolve(import.meta.dirname, '..');
// DESIGN.md §5: the landing, the wall, contact, the map and a channel (one the demo seeds).
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/,/muro,/contacto,/mapa,/canales/rutas-del-norte').split(',');
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const outFile = path.resolve(process.env.LIGHTHOUSE_OUT ?? 'lighthouse-results.json');
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const overHttp2 = process.env.LIGHTHOUSE_HTTP2 !== '0';
const cpuSlowdownSetting = process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? '';
/** The benchmark index Lighthouse's 4× slowdown is meant for: the middle of its high-end desktop class. */
const REFERENCE_BENCHMARK_INDEX = 1750;
const budget = { performance: 95, accessibility: 100, lcpMs: 2500, tbtMs: 200, cls: 0.05 };

const cleanups = [];
async function cleanUp() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => cleanUp().finally(() => process.exit(130)));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

/**
 * Waits until the server answers, its demo seed (when it has one) has finished (channels come after the wall)
 * and its wall has posts.
 */
async function waitForDemo(baseUrl, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const health = await (await fetch(`${baseUrl}/api/health`)).json();
      if (health?.data?.demo === 'preparing') throw new Error('the demo is being seeded');
      const answer = await fetch(`${baseUrl}/api/posts?n=0&l=12`);
      const body = answer.ok ? await answer.json() : undefined;
      const posts = body?.data?.data ?? body?.data;
      if (Array.isArray(posts) && posts.length > 0) return;
    } catch {
      // not listening, or not seeded, yet
    }
    await delay(500);
  }
  throw new Error('the demo server did not show posts in time');
}

async function startDemoServer() {
  if (process.env.LIGHTHOUSE_SKIP_BUILD !== '1') {
    console.log('building…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-lighthouse-'));
  // Reachable by the postgres account: the demo runs on the default embedded PostgreSQL, as npm start does.
  await fs.chmod(dataDir, 0o755);
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  // Its own copy of the web app: a build started meanwhile (npm run dev, tests) cannot swap files under it.
  const webDir = path.join(dataDir, 'web');
  await fs.cp(path.join(root, 'apps/web/dist'), webDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanups.push(() => stopChild(server));
  console.log(`demo server on ${baseUrl}, seeding ${dataDir}…`);
  await waitForDemo(baseUrl, server, 180_000);
  return baseUrl;
}

/** Headless Chromium with a throw-away profile, for Lighthouse to drive over the DevTools protocol. */
async function launchChromium() {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-lighthouse-chromium-'));
  const chromium = spawn(
    chromiumPath,
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      // The HTTP/2 front's certificate is self-signed.
      ...(overHttp2 ? ['--ignore-certificate-errors'] : []),
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise((resolve, reject) => {
    let seen = '';
    chromium.stderr.on('data', (chunk) => {
      seen += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    chromium.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${seen.slice(-500)}`)));
  });
  chromium.stderr.resume();
  const close = async () => {
    const registered = cleanups.indexOf(close);
    if (registered >= 0) cleanups.splice(registered, 1);
    await stopChild(chromium);
    // Chromium's helpers may still be writing to the profile for a moment after it exits.
    await fs.rm(profile, { recursive: true, force: true, maxRetries: 5 });
  };
  // Interrupted (Ctrl-C) in the middle of an audit, the browser goes too.
  cleanups.push(close);
  return { port, close };
}

function summarize(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const breakdown = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint') ?? NaN),
    lcpMs: Math.round(audit('largest-contentful-paint') ?? NaN),
    tbtMs: Math.round(audit('total-blocking-time') ?? NaN),
    cls: Number((audit('cumulative-layout-shift') ?? NaN).toFixed(3)),
    speedIndexMs: Math.round(audit('speed-index') ?? NaN),
    mainThreadMs: Math.round(breakdown.reduce((sum, item) => sum + item.duration, 0)),
    bootupMs: Math.round(audit('bootup-time') ?? NaN),
    // Lighthouse's measure of this machine's speed during the run (its 4× is meant for 1,500–2,000; a busy
    // machine reads lower and its CPU-bound figures, TBT above all, come out inflated).
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
    lcpElement:
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    failedAccessibility: Object.values(lhr.audits)
      .filter((a) => lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === a.id) && a.score === 0)
      .map((a) => a.id),
  };
}

const withinBudget = (r) =>
  r.performance >= budget.performance &&
  r.accessibility >= budget.accessibility &&
  r.lcpMs <= budget.lcpMs &&
  r.tbtMs <= budget.tbtMs &&
  r.cls <= budget.cls;

/** One audit; a run that Lighthouse itself reports as broken (e.g. NO_NAVSTART on a busy machine) is retried. */
async function audit(url, cpuSlowdown, tries = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, cpuSlowdown);
    } catch (error) {
      if (attempt >= tries) throw error;
      console.log(`${url}: ${error.message}; retrying`);
    }
  }
}

async function auditOnce(url, cpuSlowdown) {
  const chromium = await launchChromium();
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await chromium.close();
  }
}

/** The CPU slowdown of the audits: LIGHTHOUSE_CPU_SLOWDOWN, or with `auto` 4× scaled to this machine's speed. */
async function chooseCpuSlowdown(firstUrl) {
  const lighthouseDefault = throttling.mobileSlow4G.cpuSlowdownMultiplier;
  if (cpuSlowdownSetting === '') return lighthouseDefault;
  if (cpuSlowdownSetting !== 'auto') {
    const fixed = Number(cpuSlowdownSetting);
    if (!(fixed >= 1))
      throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN must be a number ≥ 1 or auto, not ${cpuSlowdownSetting}`);
    return fixed;
  }
  const { benchmarkIndex } = (await audit(firstUrl, lighthouseDefault)).environment;
  // In half steps: the index itself varies by some 10 % from run to run.
  const scaled = Math.max(
    1,
    Math.round((2 * lighthouseDefault * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX) / 2,
  );
  console.log(`benchmark index ${Math.round(benchmarkIndex)}: CPU slowdown ${scaled}×`);
  return scaled;
}

try {
  const appUrl = process.argv[2] ?? (await startDemoServer());
  if (process.argv[2]) await waitForDemo(appUrl, undefined, 30_000);
  const front = overHttp2 ? await startHttp2Front(appUrl) : null;
  if (front) cleanups.push(front.close);
  const baseUrl = front?.url ?? appUrl;
  if (reportDir) await fs.mkdir(reportDir, { recursive: true });
  const cpuSlowdown = await chooseCpuSlowdown(new URL(pages[0], baseUrl).toString());
  const results = [];
  let lighthouseVersion;
  for (const page of pages) {
    const url = new URL(page, baseUrl).toString();
    const attempts = [];
    for (let run = 0; run < runs; run++) {
      const lhr = await audit(url, cpuSlowdown);
      lighthouseVersion = lhr.lighthouseVersion;
      attempts.push({ lhr, summary: summarize(lhr) });
      console.log(`${page} run ${run + 1}/${runs}: performance ${attempts.at(-1).summary.performance}`);
    }
    attempts.sort((a, b) => a.summary.performance - b.summary.performance);
    const median = attempts[Math.floor(attempts.length / 2)];
    if (reportDir) {
      const name = page.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'landing';
      await fs.writeFile(path.join(reportDir, `${name}.json`), JSON.stringify(median.lhr));
    }
    results.push({
      page,
      ...median.summary,
      performanceRuns: attempts.map((a) => a.summary.performance),
      withinBudget: withinBudget(median.summary),
    });
  }
  console.table(
    Object.fromEntries(
      results.map((r) => [
        r.page,
        {
          performance: r.performance,
          accessibility: r.accessibility,
          'LCP s': (r.lcpMs / 1000).toFixed(2),
          'TBT ms': r.tbtMs,
          CLS: r.cls,
          'FCP s': (r.fcpMs / 1000).toFixed(2),
          'main thread s': (r.mainThreadMs / 1000).toFixed(2),
          'machine BI': r.benchmarkIndex,
          budget: r.withinBudget ? 'ok' : 'MISSED',
        },
      ]),
    ),
  );
  for (const r of results.filter((r) => r.failedAccessibility.length)) {
    console.log(`${r.page} accessibility audits failed: ${r.failedAccessibility.join(', ')}`);
  }
  console.log(
    `budget: performance ≥ ${budget.performance}, accessibility ${budget.accessibility}, LCP ≤ ${budget.lcpMs / 1000} s, ` +
      `TBT ≤ ${budget.tbtMs} ms, CLS ≤ ${budget.cls}; medians of ${runs} run(s) per page at ${cpuSlowdown}× CPU, ` +
      `${front ? 'over HTTP/2 through a TLS front' : 'over HTTP/1.1'}; written to ${outFile}`,
  );
  await fs.writeFile(
    outFile,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        baseUrl: appUrl,
        protocol: front ? 'HTTP/2 through a TLS-terminating front' : 'HTTP/1.1',
        lighthouse: lighthouseVersion,
        formFactor: 'mobile',
        cpuSlowdown,
        runs,
        budget,
        results,
      },
      null,
      2,
    ),
  );
  process.exitCode = results.every((r) => r.withinBudget) ? 0 : 1;
} finally {
  await cleanUp();
}
