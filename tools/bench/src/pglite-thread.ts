import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '@nomadas/server/db/pglite-extensions';

/** Worker of `pglite-worker.ts`: owns the PGlite instance and runs each query it is sent, in order. */
const pglite = await PGlite.create(workerData.dir as string, {
  parsers: { 20: (value: string) => value },
  extensions: await pgliteExtensions(),
});
const port = parentPort!;
port.on('message', (message: { id: number; sql?: string; params?: unknown[]; close?: true }) => {
  if (message.close) {
    void pglite.close().then(() => port.postMessage({ id: message.id }));
    return;
  }
  pglite.query(message.sql!, message.params).then(
    (result) => port.postMessage({ id: message.id, rows: result.rows, affectedRows: result.affectedRows }),
    (error: Error) => port.postMessage({ id: message.id, error: { ...error, message: error.message } }),
  );
});
port.postMessage({ ready: true });
