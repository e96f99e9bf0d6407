import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/free-port.js';
import { startApp, waitUntil, type AppProcess } from './app-process.js';
import { createScratchDatabase } from './database.js';
import { startFakeSmtp } from './fake-smtp.js';
import { startHaproxy, type RunningHaproxy } from './haproxy.js';
import { startS3Server, type TestS3 } from './s3-server.js';

/** Two failed checks at 1 s take an instance out (deploy/haproxy.cfg): a drain must outlast them. */
export const CLUSTER_DRAIN_MS = 3_000;

export interface Cluster {
  /** The balancer: what browsers and API clients talk to. */
  balancer: RunningHaproxy;
  /** The three instances, each on the port the balancer knows it by (`restart` replaces one in place). */
  instances: AppProcess[];
  s3: TestS3;
  /** The database the instances share (to look at rows beside them). */
  databaseUrl: string;
  /** The mail every instance sent, as .eml files (test/outbox.ts): links in it work on any instance. */
  outboxDir: string;
  /** Stops instance `index` with SIGTERM (a drain, as systemd does) and starts it again with `env` added. */
  restart(index: number, env?: Record<string, string>): Promise<AppProcess>;
  /** Resolves once the balancer sees `name` (app1…app3) in the state given. */
  balancerSees(name: string, status: 'UP' | 'DOWN'): Promise<void>;
  close(): Promise<void>;
}

/**
 * Three built instances behind deploy/haproxy.cfg, as an operator runs them (issue #30): each with its own
 * DATA_DIR; one PostgreSQL (a scratch database on DATABASE_URL), one Redis (a prefix of their own), one
 * S3-compatible bucket, one upload area and one SMTP server; INSTANCES=3 declared, so the configuration is one
 * production accepts for several instances; the balancer trusted as a proxy on loopback.
 */
export async function startCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => scratch.drop());
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-cluster-'));
    // Reachable by the postgres account, which runs the embedded database when tests run as root.
    await fs.chmod(root, 0o755);
    cleanups.push(() => fs.rm(root, { recursive: true, force: true }));
    const folder = async (name: string) => {
      const dir = path.join(root, name);
      await fs.mkdir(dir, { mode: 0o755 });
      return dir;
    };
    const outboxDir = await folder('outbox');
    // Several instances send mail by SMTP (config.ts refuses the .eml outbox then): each mail lands in outboxDir.
    const smtp = await startFakeSmtp('answering', 0, outboxDir);
    cleanups.push(() => smtp.close());
    const ports = await Promise.all([0, 1, 2].map(() => freePort()));
    const addresses = ports.map((port) => `127.0.0.1:${port}`) as [string, string, string];
    const balancer = await startHaproxy(addresses);
    cleanups.push(() => balancer.stop());
    const shared = {
      ...s3.env,
      DATABASE_URL: scratch.url,
      DATABASE_POOL_SIZE: '6',
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: `cluster:${crypto.randomBytes(4).toString('hex')}:`,
      VIDEO_UPLOAD_DIR: await folder('uploads'),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      INSTANCES: '3',
      PUBLIC_URL: balancer.url,
      TRUST_PROXY: 'loopback',
      SHUTDOWN_DRAIN_MS: String(CLUSTER_DRAIN_MS),
      JOBS_POLL_MS: '200',
      ...env,
    };
    const dataDirs = await Promise.all(ports.map((_, index) => folder(`app${index + 1}`)));
    const start = (index: number, more: Record<string, string> = {}) =>
      startApp({ ...shared, DATA_DIR: dataDirs[index]!, ...more }, ports[index]);
    // The first migrates the database; the others find it done.
    const instances = [await start(0)];
    instances.push(...(await Promise.all([start(1), start(2)])));
    cleanups.push(() => Promise.all(instances.map((instance) => instance.kill9())));

    const balancerSees = (name: string, status: 'UP' | 'DOWN') =>
      waitUntil(
        `HAProxy to see ${name} ${status}`,
        async () => (await balancer.servers()).some((s) => s.name === name && s.status === status),
        15_000,
        100,
      );
    await Promise.all(['app1', 'app2', 'app3'].map((name) => balancerSees(name, 'UP')));

    return {
      balancer,
      instances,
      s3,
      databaseUrl: scratch.url,
      outboxDir,
      async restart(index, more) {
        await instances[index]!.stop();
        instances[index] = await start(index, more);
        return instances[index]!;
      },
      balancerSees,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
