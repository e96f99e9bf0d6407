import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../lib/free-port.js';

/*
 * PostgreSQL and Redis servers of a test's own, on spare ports, for the fault tests that stop and start
 * them. The shared servers (5432, 6379) that other test files use are never touched.
 */

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) not found: run `apt-get install -y postgresql`',
    );
  }
  return path.join(root, versions[0], 'bin');
}

export interface OwnPostgres {
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: open connections are ended with 57P01, new ones refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder; safe to call twice. */
  destroy(): Promise<void>;
}

/** initdb + pg_ctl into a temporary folder; as root the server runs as the `postgres` user. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const pgRun = async (tool: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    return run(file, argv, { cwd: dir, timeout: 60_000 });
  };
  if (asRoot) await run('chown', ['postgres:', dir]);
  const pgCtl = (...args: string[]) =>
    pgRun('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', ...args]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  let destroyed = false;
  try {
    await pgRun('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await pgCtl('-o', options, 'start');
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => void (await pgCtl('-m', 'fast', 'stop')),
    start: async () => void (await pgCtl('-o', options, 'start')),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** `redis-server --port <spare> --save ''`: nothing on disk, stopped and started on the same port. */
export async function startOwnRedis(): Promise<OwnRedis> {
  if (!existsSync('/usr/bin/redis-server') && !(await run('which', ['redis-server']).catch(() => null))) {
    throw new Error('redis-server not found: run `apt-get install -y redis-server`');
  }
  const port = await freePort();
  let server: ChildProcess | undefined;
  const start = async () => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server = child;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${out}`)));
    });
  };
  const stop = async () => {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, destroy: stop };
}
