import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseBusyError, PGliteDialect } from './pglite-dialect.js';

interface Scratch {
  notes: { id: number; body: string };
}

let db: Kysely<Scratch> | undefined;

async function openScratch(acquireTimeoutMs?: number) {
  db = new Kysely<Scratch>({
    dialect: new PGliteDialect(await PGlite.create('memory://'), acquireTimeoutMs),
  });
  await sql`create table notes (id int primary key, body text not null)`.execute(db);
  return db;
}

const bodies = async (db: Kysely<Scratch>) =>
  (await db.selectFrom('notes').select('body').orderBy('id').execute()).map((row) => row.body);

/** A promise with its resolver outside, to hold a transaction open until the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

describe('PGlite dialect: one session shared by many requests', { timeout: 60_000 }, () => {
  it('a query from outside never lands inside an open transaction, and a rollback undoes only its own write', async () => {
    const db = await openScratch();
    const hold = gate();
    const inserted = gate();
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 1, body: 'rolled back' }).execute();
        inserted.open();
        await hold.opened;
        throw new Error('undo');
      })
      .catch((error: Error) => error.message);

    await inserted.opened;
    // Both wait for the session: neither may see or be undone by the open transaction.
    const seen = bodies(db);
    const committed = db.insertInto('notes').values({ id: 2, body: 'committed' }).execute();
    hold.open();

    expect(await rolledBack).toBe('undo');
    expect(await seen).toEqual([]);
    await committed;
    expect(await bodies(db)).toEqual(['committed']);
  });

  it('two transactions in flight at once each commit whole, one after the other', async () => {
    const db = await openScratch();
    await Promise.all(
      [1, 2, 3, 4].map((id) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('notes')
            .values({ id, body: `a${id}` })
            .execute();
          await trx
            .updateTable('notes')
            .set({ body: `b${id}` })
            .where('id', '=', id)
            .execute();
        }),
      ),
    );
    expect(await bodies(db)).toEqual(['b1', 'b2', 'b3', 'b4']);
  });

  it('a query that cannot get the session in time fails with a 503 error instead of hanging, and leaves the line', async () => {
    const db = await openScratch(100);
    const hold = gate();
    const started = gate();
    const holder = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 1, body: 'slow' }).execute();
      started.open();
      await hold.opened;
    });
    await started.opened;

    const waited = await bodies(db).catch((error: unknown) => error);
    expect(waited).toBeInstanceOf(DatabaseBusyError);
    expect((waited as DatabaseBusyError).statusCode).toBe(503);

    hold.open();
    await holder;
    // The timed-out waiter took no turn: the session is free for the next caller.
    expect(await bodies(db)).toEqual(['slow']);
  });
});
