import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/free-port.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const builtMain = path.join(repoRoot, 'apps/server/dist/main.js');

/** One line of measurements in the test run's output (the numbers a fault or soak report quotes). */
export const report = (line: string) => void process.stdout.write(`${line}\n`);

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true; fails after `timeoutMs` saying what it waited for. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  stepMs = 100,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(stepMs);
  }
}

export interface AppProcess {
  baseUrl: string;
  pid: number;
  child: ChildProcess;
  /** Resident set size of the app process, in bytes (Linux /proc). */
  rss(): Promise<number>;
  /** SIGKILL: no shutdown hook runs, as when the machine's OOM killer or a power cut ends it. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the exit (a no-op once it has exited). */
  stop(): Promise<void>;
  /** The last lines the app wrote, for failure messages. */
  output(): string;
}

/**
 * The built app (`node apps/server/dist/main.js`, as `npm start` runs it) as a child process on a free
 * loopback port, configured by `env` only. Resolves once /api/health answers OK.
 */
export async function startApp(env: Record<string, string>, port?: number): Promise<AppProcess> {
  await fs.access(builtMain).catch(() => {
    throw new Error('The app is not built: run `npm run build` (npm test does it first).');
  });
  const appPort = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${appPort}`;
  const child = spawn(process.execPath, [builtMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(appPort),
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'false',
      RATE_LIMIT_FACTOR: '1000',
      LOG_LEVEL: 'warn',
      // A stop needs no drain unless a test behind a balancer asks for one.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;

  const app: AppProcess = {
    baseUrl,
    pid: child.pid!,
    child,
    async rss() {
      const status = await fs.readFile(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
      return kb * 1024;
    },
    async kill9() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (running()) child.kill('SIGTERM');
      const forced = setTimeout(() => running() && child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    },
    output: () => tail,
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!running()) throw new Error(`the app exited with ${child.exitCode ?? child.signalCode}:\n${tail}`);
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await app.kill9();
      throw new Error(`the app at ${baseUrl} did not answer /api/health in 90 s:\n${tail}`);
    }
    await delay(150);
  }
  return app;
}
