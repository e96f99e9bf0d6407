import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@nomadas/server/lib/free-port';

/** s3rver takes any well-formed signature made with these (its README). */
const CREDENTIALS = { id: 'S3RVER', secret: 'S3RVER' };
const BUCKET = 'nomadas-media';

export interface BenchS3 {
  /** MEDIA_S3_* naming the bucket, for the instances' environment. */
  env: Record<string, string>;
  pid: number;
  stop(): Promise<void>;
}

/**
 * s3rver (the server's dev dependency, as its tests use it) on 127.0.0.1 and a spare port, in its own process so
 * that its work is not the load generator's, with one empty bucket in a temporary folder.
 */
export async function startS3Server(): Promise<BenchS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-bench-s3-'));
  const port = await freePort();
  const cli = path.join(
    path.dirname(createRequire(import.meta.url).resolve('s3rver/package.json')),
    'bin/s3rver.js',
  );
  const args = ['-d', directory, '-a', '127.0.0.1', '-p', String(port), '-s', '--configure-bucket', BUCKET];
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  const kill = () => void (child.exitCode === null && child.kill('SIGKILL'));
  process.once('exit', kill);
  const endpoint = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`s3rver exited with ${child.exitCode}`);
    if ((await fetch(`${endpoint}/${BUCKET}`).catch(() => null))?.ok) break;
    if (attempt > 100) throw new Error('s3rver did not answer within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    env: {
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_ACCESS_KEY_ID: CREDENTIALS.id,
      MEDIA_S3_SECRET_ACCESS_KEY: CREDENTIALS.secret,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
    },
    pid: child.pid!,
    async stop() {
      kill();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
