import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@nomadas/server/lib/free-port';

/** deploy/haproxy.cfg at the repository's root: the balancer's configuration as an operator runs it. */
const CONFIG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy/haproxy.cfg');
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** One instance as HAProxy's statistics show it. */
export interface BalancedServer {
  name: string;
  /** UP, DOWN, "UP 1/2" while it changes… */
  status: string;
  /** Connections it holds now, and all it has served. */
  current: number;
  total: number;
}

export interface Balancer {
  port: number;
  pid: number;
  servers(): Promise<BalancedServer[]>;
  /** Resolves once every instance is UP. */
  allUp(): Promise<void>;
  stop(): void;
}

/** deploy/haproxy.cfg in the foreground (`haproxy -db -f`), on spare ports, before the given host:port. */
export async function startBalancer(instances: [string, string, string]): Promise<Balancer> {
  const [port, stats] = [await freePort(), await freePort()];
  const child = spawn(HAPROXY, ['-db', '-f', CONFIG], {
    env: {
      ...process.env,
      NOMADAS_LISTEN: `127.0.0.1:${port}`,
      NOMADAS_STATS: `127.0.0.1:${stats}`,
      NOMADAS_APP1: instances[0],
      NOMADAS_APP2: instances[1],
      NOMADAS_APP3: instances[2],
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const stop = () => void (child.exitCode === null && child.kill('SIGTERM'));
  process.once('exit', stop);

  const servers = async (): Promise<BalancedServer[]> => {
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
        current: Number(at(row, 'scur')),
        total: Number(at(row, 'stot')),
      }));
  };
  const until = async (what: string, check: () => Promise<boolean>) => {
    for (let attempt = 0; attempt < 300; attempt++) {
      if (child.exitCode !== null) throw new Error(`haproxy exited: ${errors}`);
      if (await check().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`HAProxy: ${what} within 30 s`);
  };
  await until('no statistics', async () => (await servers()).length === 3);
  return {
    port,
    pid: child.pid!,
    servers,
    allUp: () =>
      until('not every instance UP', async () => (await servers()).every((s) => s.status === 'UP')),
    stop,
  };
}
