import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { Db } from '@nomadas/server/db/database';
import { PGliteDialect } from '@nomadas/server/db/pglite-dialect';

interface Answer {
  id: number;
  rows?: unknown[];
  affectedRows?: number;
  error?: Record<string, unknown> & { message: string };
}

/**
 * Option (a) of `npm run bench:embedded`: PGlite on a worker thread, so the app's thread only
 * serializes queries and copies their rows. The same one-session driver hands the session out.
 */
export async function openPGliteOnWorker(dir: string): Promise<Db> {
  const worker = new Worker(path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-thread.js'), {
    workerData: { dir },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  let next = 0;
  const pending = new Map<number, { resolve: (answer: Answer) => void }>();
  worker.on('message', (answer: Answer) => {
    pending.get(answer.id)?.resolve(answer);
    pending.delete(answer.id);
  });
  const call = (message: object) =>
    new Promise<Answer>((resolve) => {
      const id = next++;
      pending.set(id, { resolve });
      worker.postMessage({ id, ...message });
    });
  const proxy = {
    async query(sql: string, params: unknown[]) {
      const answer = await call({ sql, params });
      if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
      return { rows: answer.rows ?? [], affectedRows: answer.affectedRows };
    },
    async close() {
      await call({ close: true });
      await worker.terminate();
    },
  };
  return new Kysely({ dialect: new PGliteDialect(proxy as unknown as PGlite) });
}
