import pg from 'pg';
import { inBatches } from './chat-clients.js';
import type { LoadResult } from './load.js';
import { runRequestLoad, type BenchAnswer, type BenchRequest } from './request-load.js';

export interface KillResult {
  wall: LoadResult;
  upload: LoadResult;
  requests: number;
  failed: number;
  /** From the kill to the last failed request's answer (0 when none failed). */
  errorsForMs: number;
  /** Posts whose creation answered OK, those of them missing from the database, and texts stored twice. */
  acknowledged: number;
  missing: number;
  duplicates: number;
  /** Of the acknowledged posts' photos, how many the balancer served afterwards. */
  photosServed: number;
  /** The instances' states in HAProxy's statistics at the end (app2 DOWN: the kill was seen). */
  balancerAfter: string;
}

interface KillOptions {
  port: number;
  connections: number;
  uploadConnections: number;
  seconds: number;
  killAfterSeconds: number;
  wall: () => BenchRequest;
  upload: () => BenchRequest;
  /** What every upload's text starts with. */
  marker: string;
  kill: () => void;
  balancerSays: () => Promise<string>;
  databaseUrl: string;
}

/**
 * The wall and uploads through the balancer for `seconds`, one instance killed (`kill -9`) after
 * `killAfterSeconds`: which requests failed and until when, and whether every post acknowledged with OK is in
 * the database afterwards, its photo served.
 */
export async function killUnderLoad(options: KillOptions): Promise<KillResult> {
  const answers: BenchAnswer[] = [];
  const onAnswer = (answer: BenchAnswer) => answers.push(answer);
  let killedAt = Infinity;
  const killer = setTimeout(() => {
    killedAt = performance.now();
    options.kill();
  }, options.killAfterSeconds * 1000);
  const load = { port: options.port, seconds: options.seconds, warmupSeconds: 0, onAnswer };
  const [wall, upload] = await Promise.all([
    runRequestLoad({ ...load, connections: options.connections, next: options.wall }),
    runRequestLoad({ ...load, connections: options.uploadConnections, next: options.upload }),
  ]);
  clearTimeout(killer);
  const balancerAfter = await options.balancerSays();

  const failures = answers.filter((answer) => answer.status !== 200);
  const lastFailure = Math.max(killedAt, ...failures.map((answer) => answer.at));
  const posts = answers
    .filter((answer) => answer.request.method === 'POST' && answer.status === 200)
    .map(
      (answer) => (JSON.parse(answer.body.toString('utf8')) as { data: { url: string; media: string } }).data,
    );

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const found = await client.query<{ url: string }>('select url from posts where url = any($1)', [
    posts.map((post) => post.url),
  ]);
  const twice = await client.query(
    'select text from posts where starts_with(text, $1) group by text having count(*) > 1',
    [options.marker],
  );
  await client.end();
  const served = await inBatches(posts, 16, async (post) => {
    const answer = await fetch(`http://127.0.0.1:${options.port}${new URL(post.media, 'http://x').pathname}`);
    await answer.arrayBuffer();
    return answer.ok;
  });
  return {
    wall,
    upload,
    requests: answers.length,
    failed: failures.length,
    errorsForMs: failures.length === 0 ? 0 : lastFailure - killedAt,
    acknowledged: posts.length,
    missing: posts.length - found.rowCount!,
    duplicates: twice.rowCount!,
    photosServed: served.filter(Boolean).length,
    balancerAfter,
  };
}
