import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type WebSocket from 'ws';
import { encodeFrame, type Bbox } from '@nomadas/shared';
import { prepareBenchUsers } from './bench-users.js';
import { inBatches, openAppSocket } from './chat-clients.js';
import { appEnv, benchDatabaseBase, runBench, startChild } from './children.js';
import { cpuByPid, cpuSpent } from './cpu.js';
import { runLoad } from './load.js';
import { formatColumns, writeResults } from './report.js';

/**
 * `npm run bench:positions` (issue #28): the app's CPU per live position shared with everybody, with
 * BENCH_POSITIONS_SOCKETS (2,000) sockets open, each map showing a town-sized area somewhere in Spain, and
 * BENCH_POSITIONS_SHARERS (200) of them sharing a point that moves every 15 s (one frame each, the most
 * the server takes). Beside it, in the same run: the same time with nobody sharing (heartbeats and such),
 * and the CPU of one request to the bare Fastify route of `npm run bench`, as a unit.
 */
const env = process.env;
const SOCKETS = Number(env.BENCH_POSITIONS_SOCKETS ?? 2000);
const SHARERS = Number(env.BENCH_POSITIONS_SHARERS ?? 200);
const SECONDS = Number(env.BENCH_SECONDS ?? 30);
const FRAME_EVERY_MS = 15_000;
const DATABASE = env.BENCH_POSITIONS_DATABASE ?? 'nomadas_bench_positions';
/** Mainland Spain, and the size of a map showing a town and its surroundings. */
const SPAIN: Bbox = [-9.3, 36.0, 3.3, 43.8];
const VIEW = { lng: 0.4, lat: 0.25 };
const log = (message: string) => console.log(message);

const inSpain = () => ({
  lng: SPAIN[0] + Math.random() * (SPAIN[2] - SPAIN[0]),
  lat: SPAIN[1] + Math.random() * (SPAIN[3] - SPAIN[1]),
});

/** Counts the position frames a socket hears. */
function countPositions(ws: WebSocket, heard: { frames: number }) {
  ws.on('message', (data) => {
    // A position frame's base64 starts with that of '{"t":"m","ta":"pos"'.
    if (String(data).startsWith('eyJ0IjoibSIsInRhIjoicG9z')) heard.frames++;
  });
}

/** App CPU over SECONDS while `sharers` each send a moving point every FRAME_EVERY_MS, staggered. */
async function measure(pid: number, sharers: WebSocket[], heard: { frames: number }) {
  let sent = 0;
  const timers = sharers.map((ws, i) =>
    setTimeout(
      () => {
        const send = () => {
          ws.send(encodeFrame({ t: 'm', ta: 'pos', ...inSpain(), type: 2 }));
          sent++;
        };
        send();
        timers[i] = setInterval(send, FRAME_EVERY_MS);
      },
      (i * FRAME_EVERY_MS) / Math.max(1, sharers.length),
    ),
  );
  const before = await cpuByPid([pid]);
  const heardBefore = heard.frames;
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const cpuMs = cpuSpent(before, await cpuByPid([pid]));
  for (const timer of timers) clearInterval(timer);
  return { sent, delivered: heard.frames - heardBefore, cpuMs };
}

async function main(): Promise<void> {
  const base = benchDatabaseBase('npm run bench:positions');
  if (!base) return;
  const { url, users } = await prepareBenchUsers(base, DATABASE, SOCKETS, 'nomada_');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-bench-positions-'));
  const childEnv = appEnv(url, dataDir, {
    REDIS_URL: '',
    INSTANCES: '1',
    REDIS_PREFIX: `bench-positions:${crypto.randomBytes(4).toString('hex')}:`,
  });
  const [app, bare] = await Promise.all([
    startChild('app-process.js', childEnv),
    startChild('bare-process.js', childEnv),
  ]);
  log(
    `${SOCKETS} sockets, ${SHARERS} sharing with everybody (a frame each per ${FRAME_EVERY_MS / 1000} s), ${SECONDS} s per case, ${os.availableParallelism()} CPUs shared by the app, PostgreSQL and this load generator\n`,
  );

  const bareBefore = await cpuByPid([bare.pid]);
  const ceiling = await runLoad({
    port: bare.port,
    path: () => '/api/health',
    connections: 50,
    seconds: 3,
    warmupSeconds: 1,
  });
  const bareCpuMs = cpuSpent(bareBefore, await cpuByPid([bare.pid])) / (ceiling.rps * 4);

  const heard = { frames: 0 };
  const sockets = await inBatches(users, 50, async (user) => {
    const ws = await openAppSocket(app.port, user.token);
    countPositions(ws, heard);
    const { lng, lat } = inSpain();
    ws.send(encodeFrame({ t: 'm', ta: 'view', b: [lng, lat, lng + VIEW.lng, lat + VIEW.lat] }));
    return ws;
  });
  // The burst of connections settles before anything counts.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const idle = await measure(app.pid, [], heard);
  const sharing = await measure(app.pid, sockets.slice(0, SHARERS), heard);
  // Frames still queued in the app are handled before the sockets (and then the app) go.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const ws of sockets) ws.terminate();

  const perFrame = (sharing.cpuMs - idle.cpuMs) / Math.max(1, sharing.sent);
  const table = [
    ['case', 'frames sent', 'frames delivered', 'app CPU', 'CPU per frame', 'bare requests'],
    ['idle', '0', String(idle.delivered), `${idle.cpuMs.toFixed(0)} ms`, '—', '—'],
    [
      `${SHARERS} sharers`,
      String(sharing.sent),
      String(sharing.delivered),
      `${sharing.cpuMs.toFixed(0)} ms`,
      `${perFrame.toFixed(2)} ms`,
      (perFrame / bareCpuMs).toFixed(0),
    ],
  ];
  log(formatColumns(table, { leftFrom: 1 }));
  log(`\nbare Fastify route: ${Math.round(ceiling.rps)} req/s, ${(bareCpuMs * 1000).toFixed(0)} µs CPU each`);
  await writeResults('bench-positions-results.json', {
    sockets: SOCKETS,
    sharers: SHARERS,
    seconds: SECONDS,
    bareRoute: { rps: ceiling.rps, cpuMsPerRequest: bareCpuMs },
    idle,
    sharing,
    cpuMsPerFrame: perFrame,
  });
  await fs.rm(dataDir, { recursive: true, force: true });
}

await runBench(main);
