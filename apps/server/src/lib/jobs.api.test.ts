import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createJobQueue, enqueueJob, type JobHandler, type JobQueue, type JobQueueOptions } from './jobs.js';
import { claimDueJob, deleteFinishedJobs } from './jobs.queries.js';

let t: TestServer;
const queues: JobQueue[] = [];
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});
afterAll(() => t?.close());

/** A kind of its own per test, so the app's worker and other tests never take these jobs. */
const newKind = () => `test.${crypto.randomBytes(4).toString('hex')}`;

function startQueue(kind: string, handler: JobHandler, options: Partial<JobQueueOptions> = {}) {
  const queue = createJobQueue({
    db: t.db,
    log: silent,
    pollMs: 50,
    retryDelaySeconds: () => 0.1,
    ...options,
  });
  queue.register(kind, handler);
  queue.start();
  queues.push(queue);
  return queue;
}

const jobRow = (id: string) =>
  t.db
    .selectFrom('jobs')
    .select(['state', 'attempts', 'last_error', 'locked_until', 'finished_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('job queue', () => {
  it('runs a job once it is enqueued and woken, with its payload, and marks it done', async () => {
    const kind = newKind();
    const seen: unknown[] = [];
    const queue = startQueue(kind, { run: async (payload) => void seen.push(payload) }, { pollMs: 60_000 });
    const id = await enqueueJob(t.db, kind, { videoId: '42' });
    queue.wake();
    await expect.poll(() => jobRow(id).then((row) => row.state)).toBe('done');
    expect(seen).toEqual([{ videoId: '42' }]);
    expect(await jobRow(id)).toMatchObject({
      attempts: 1,
      locked_until: null,
      finished_at: expect.any(Date),
    });
  });

  it('retries a failing job with backoff, then gives up and says why', async () => {
    const kind = newKind();
    const attempts: number[] = [];
    const gaveUp: string[] = [];
    startQueue(
      kind,
      {
        async run(_payload, job) {
          attempts.push(job.attempt);
          throw new Error(`sin espacio ${job.attempt}`);
        },
        giveUp: async (_payload, reason) => void gaveUp.push(reason),
      },
      { maxAttempts: 3 },
    );
    const id = await enqueueJob(t.db, kind, {});
    await expect.poll(() => jobRow(id).then((row) => row.state), { timeout: 5000 }).toBe('failed');
    expect(attempts).toEqual([1, 2, 3]);
    expect(gaveUp).toEqual(['sin espacio 3']);
    expect(await jobRow(id)).toMatchObject({ attempts: 3, last_error: 'sin espacio 3' });
  });

  it('waits for a job that is not due yet', async () => {
    const kind = newKind();
    let ran = 0;
    startQueue(kind, { run: async () => void ran++ });
    const id = await enqueueJob(t.db, kind, {}, { runAt: new Date(Date.now() + 60_000) });
    const soon = await enqueueJob(t.db, kind, {});
    await expect.poll(() => jobRow(soon).then((row) => row.state)).toBe('done');
    expect(ran).toBe(1);
    expect((await jobRow(id)).state).toBe('pending');
  });

  it('runs again a job whose worker died holding it, once the lease has run out', async () => {
    const kind = newKind();
    const id = await enqueueJob(t.db, kind, {});
    // What a worker killed by kill -9 leaves: the job claimed with a lease, never finished.
    const claimed = await claimDueJob(t.db, [kind], 1);
    expect(claimed?.id).toBe(id);
    const attempts: number[] = [];
    const started = Date.now();
    startQueue(kind, { run: async (_payload, job) => void attempts.push(job.attempt) });
    await expect.poll(() => jobRow(id).then((row) => row.state), { timeout: 5000 }).toBe('done');
    expect(attempts).toEqual([2]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
  });

  it('keeps a long job its own while it runs (heartbeat): no other worker takes it', async () => {
    const kind = newKind();
    let runs = 0;
    const handler: JobHandler = {
      async run() {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      },
    };
    startQueue(kind, handler, { leaseSeconds: 0.6 });
    startQueue(kind, handler, { leaseSeconds: 0.6 });
    const id = await enqueueJob(t.db, kind, {});
    await expect.poll(() => jobRow(id).then((row) => row.state), { timeout: 8000 }).toBe('done');
    expect(runs).toBe(1);
    expect((await jobRow(id)).attempts).toBe(1);
  });

  it('stops a running job on shutdown and leaves it due again, its run not counted', async () => {
    const kind = newKind();
    let aborted = false;
    const first = startQueue(kind, {
      run: (_payload, job) =>
        new Promise((_resolve, reject) => {
          job.signal.addEventListener('abort', () => {
            aborted = true;
            reject(job.signal.reason);
          });
        }),
    });
    const id = await enqueueJob(t.db, kind, {});
    await expect.poll(() => jobRow(id).then((row) => row.attempts)).toBe(1);
    await first.stop();
    expect(aborted).toBe(true);
    expect(await jobRow(id)).toMatchObject({ state: 'pending', attempts: 0, locked_until: null });

    const attempts: number[] = [];
    startQueue(kind, { run: async (_payload, job) => void attempts.push(job.attempt) });
    await expect.poll(() => jobRow(id).then((row) => row.state)).toBe('done');
    expect(attempts).toEqual([1]);
  });

  it("runs one lane's jobs one at a time, and lanes take turns", async () => {
    const kind = newKind();
    const running = new Set<string>();
    const started: string[] = [];
    const release = new Map<string, () => void>();
    let overlap = false;
    const handler: JobHandler<{ name: string }> = {
      run: ({ name }) =>
        new Promise<void>((resolve) => {
          if ([...running].some((other) => other[0] === name[0])) overlap = true;
          running.add(name);
          started.push(name);
          release.set(name, () => {
            running.delete(name);
            resolve();
          });
        }),
    };
    // The user 'a' queued three videos before 'b' queued one; two workers of two jobs each.
    for (const name of ['a1', 'a2', 'a3', 'b1']) {
      await enqueueJob(t.db, kind, { name }, { lane: `user:${name[0]}` });
    }
    startQueue(kind, handler, { concurrency: 2 });
    startQueue(kind, handler, { concurrency: 2 });
    await expect.poll(() => [...running].sort()).toEqual(['a1', 'b1']);
    release.get('b1')!();
    release.get('a1')!();
    await expect.poll(() => started.length).toBe(3);
    expect(running).toEqual(new Set(['a2']));
    release.get('a2')!();
    await expect.poll(() => running.has('a3')).toBe(true);
    release.get('a3')!();
    expect(overlap).toBe(false);
    expect(started.slice(0, 2).sort()).toEqual(['a1', 'b1']);
  });

  it('shares the jobs between workers: each runs exactly once', async () => {
    const kind = newKind();
    const runs = new Map<string, number>();
    const handler: JobHandler<{ n: number }> = {
      async run({ n }) {
        runs.set(String(n), (runs.get(String(n)) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    const ids = [];
    for (let n = 0; n < 20; n++) ids.push(await enqueueJob(t.db, kind, { n }));
    startQueue(kind, handler, { concurrency: 2 });
    startQueue(kind, handler, { concurrency: 2 });
    await expect
      .poll(async () => {
        const rows = await t.db.selectFrom('jobs').select('state').where('kind', '=', kind).execute();
        return rows.filter((row) => row.state === 'done').length;
      })
      .toBe(20);
    expect(runs.size).toBe(20);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it("sweeps finished jobs after their kind's days, and never a pending one", async () => {
    const [brief, kept] = [newKind(), newKind()];
    const finishedDaysAgo = async (
      kind: string,
      days: number,
      state: 'done' | 'failed' | 'pending' = 'done',
    ) => {
      const id = await enqueueJob(t.db, kind, {});
      await t.db
        .updateTable('jobs')
        .set({ state, finished_at: new Date(Date.now() - days * 24 * 3600 * 1000) })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const ids = {
      briefOld: await finishedDaysAgo(brief, 2),
      briefFailedOld: await finishedDaysAgo(brief, 2, 'failed'),
      briefNew: await finishedDaysAgo(brief, 0.5),
      keptOld: await finishedDaysAgo(kept, 2),
      keptOlder: await finishedDaysAgo(kept, 31),
      keptPending: await finishedDaysAgo(kept, 40, 'pending'),
    };
    await deleteFinishedJobs(t.db, 30, { [brief]: 1 });
    const left = await t.db.selectFrom('jobs').select('id').where('kind', 'in', [brief, kept]).execute();
    expect(left.map((row) => row.id).sort()).toEqual([ids.briefNew, ids.keptOld, ids.keptPending].sort());
  });
});
