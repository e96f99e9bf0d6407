import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/free-port.js';

/** deploy/ at the repository's root: the configurations an operator uses, run as they are by the tests. */
export const DEPLOY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');
export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** One row of HAProxy's CSV statistics: a server of the backend, and what it did. */
export interface BackendServer {
  name: string;
  /** UP, DOWN, "UP 1/2" while it changes… */
  status: string;
  /** Sessions it served in all. */
  sessions: number;
}

export interface RunningHaproxy {
  /** http://127.0.0.1:port of the balancer. */
  url: string;
  servers(): Promise<BackendServer[]>;
  stop(): Promise<void>;
}

/** deploy/haproxy.cfg in the foreground, on spare ports, before the given instances (host:port). */
export async function startHaproxy(instances: [string, string, string]): Promise<RunningHaproxy> {
  const [listen, stats] = [await freePort(), await freePort()];
  const child = spawn(HAPROXY, ['-db', '-f', path.join(DEPLOY_DIR, 'haproxy.cfg')], {
    env: {
      ...process.env,
      NOMADAS_LISTEN: `127.0.0.1:${listen}`,
      NOMADAS_STATS: `127.0.0.1:${stats}`,
      NOMADAS_APP1: instances[0],
      NOMADAS_APP2: instances[1],
      NOMADAS_APP3: instances[2],
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const servers = async (): Promise<BackendServer[]> => {
    const csv = await (await fetch(`http://127.0.0.1:${stats}/stats;csv`)).text();
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header!.split(',');
    const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
    return rows
      .map((line) => line.split(','))
      .filter(
        (row) => at(row, 'pxname') === 'instances' && !['FRONTEND', 'BACKEND'].includes(at(row, 'svname')),
      )
      .map((row) => ({
        name: at(row, 'svname'),
        status: at(row, 'status'),
        sessions: Number(at(row, 'stot')),
      }));
  };
  // Ready once its statistics answer.
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${errors}`);
    try {
      await servers();
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url: `http://127.0.0.1:${listen}`,
    servers,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
