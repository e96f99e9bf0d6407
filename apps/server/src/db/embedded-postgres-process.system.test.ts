import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../lib/free-port.js';

/** The built app (`npm start`'s `node apps/server/dist/main.js`) on its default embedded database. */
const builtMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');
let dataDir = '';
const running = new Set<ChildProcess>();

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** Running and not a zombie (an orphan's exit is reaped by whatever init the machine has, or not). */
const alive = async (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return !/^\d+ \(.*\) Z/.test(await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''));
};

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startApp(): Promise<{ child: ChildProcess; exited: Promise<unknown>; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [builtMain], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      EMBEDDED_DATABASE: '',
      REDIS_URL: '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve)).then(() => running.delete(child));
  await until(
    'the app to answer /api/health',
    async () => {
      if (child.exitCode !== null) throw new Error(`the app exited:\n${output}`);
      return fetch(`http://127.0.0.1:${port}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      );
    },
    90_000,
  );
  return { child, exited, output: () => output };
}

const postmasterPid = async () =>
  Number((await fs.readFile(path.join(dataDir, 'postgres/data/postmaster.pid'), 'utf8')).split('\n')[0]);

describe('the embedded PostgreSQL of `npm start`', () => {
  it('is the default, is stopped when the app is killed -9, recovers on the next start and stops with SIGTERM', async () => {
    await fs.access(builtMain).catch(() => {
      throw new Error('The app is not built: run `npm run build` (npm test does it first).');
    });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-embedded-app-'));
    await fs.chmod(dataDir, 0o755); // as root, the postgres account must reach it

    const first = await startApp();
    expect(first.output()).toContain('embedded PostgreSQL ready');
    const firstPostmaster = await postmasterPid();
    expect(await alive(firstPostmaster)).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    // Nothing of the app ran; its watchdog saw the pipe close and stopped the server.
    await until('the orphaned postmaster to stop', async () => !(await alive(firstPostmaster)));

    const second = await startApp();
    const secondPostmaster = await postmasterPid();
    expect(secondPostmaster).not.toBe(firstPostmaster);
    second.child.kill('SIGTERM');
    await second.exited;
    expect(second.child.exitCode).toBe(0);
    expect(await alive(secondPostmaster)).toBe(false);
    expect(second.output()).toContain('embedded PostgreSQL stopped');
  }, 240_000);
});
