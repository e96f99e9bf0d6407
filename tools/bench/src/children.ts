import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const children: ChildProcess[] = [];

/** Forks a child server of this folder (app-process.js, bare-process.js…) and waits for the port it listens on. */
export function startChild(
  entry: string,
  childEnv: NodeJS.ProcessEnv,
): Promise<{ port: number; pid: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, entry), {
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    child.once('message', (message: { port?: number }) =>
      message.port
        ? resolve({ port: message.port, pid: child.pid! })
        : reject(new Error(`${entry}: no port`)),
    );
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
}

/**
 * The bench database's URL (DATABASE_URL); without one, says so and answers undefined with exit code 2.
 * `command` is how the bench is run, for the message.
 */
export function benchDatabaseBase(command: string): string | undefined {
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.error(
      `${command} needs DATABASE_URL pointing at a PostgreSQL server (it creates its own database there).`,
    );
    process.exitCode = 2;
  }
  return base;
}

/** The environment of an app child: this one's, in production on `databaseUrl` and `dataDir`, no demo. */
export function appEnv(
  databaseUrl: string,
  dataDir: string,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    ...extra,
  };
}

/** Lets every child server go: each closes when its channel does. */
function stopChildren(): void {
  for (const child of children) if (child.connected) child.disconnect();
}

/** Runs a bench, and stops its child servers when it ends, fails or is interrupted. */
export async function runBench(main: () => Promise<void>): Promise<void> {
  process.on('SIGINT', () => {
    stopChildren();
    process.exit(130);
  });
  try {
    await main();
  } finally {
    stopChildren();
  }
}
