import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/database.js';
import { openDatabase, type Db } from './database.js';

/** The PostgreSQL driver path: statements prepared per connection, or not at all for PgBouncer. */
describe('PostgreSQL driver', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const opened: Db[] = [];
  const open = async (prepare: boolean) => {
    // One connection, so pg_prepared_statements shows the statements of the connection that ran them.
    const db = await openDatabase({ url: scratch.url, poolSize: 1, prepare });
    opened.push(db);
    return db;
  };
  const preparedCount = async (db: Db) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements where statement like '%marker%' and statement not like '%pg_prepared_statements%'`.execute(
        db,
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!);
  });
  afterAll(async () => {
    for (const db of opened) await db.destroy();
    await scratch?.drop();
  });

  it('prepares a statement once per connection and reuses it', async () => {
    const db = await open(true);
    for (let i = 0; i < 3; i++) await sql`select ${i}::int as marker_prepared`.execute(db);
    expect(await preparedCount(db)).toBe(1);
  });

  it('prepares nothing with prepare off (PgBouncer in transaction mode)', async () => {
    const db = await open(false);
    const { rows } = await sql<{ marker_unnamed: number }>`select ${7}::int as marker_unnamed`.execute(db);
    expect(rows).toEqual([{ marker_unnamed: 7 }]);
    expect(await preparedCount(db)).toBe(0);
  });

  it('keeps answering after a migration changes a prepared statement’s result type', async () => {
    const db = await open(true);
    await sql`create table marker_changes (id int primary key, note text)`.execute(db);
    await sql`insert into marker_changes values (1, 'uno')`.execute(db);
    const read = () =>
      db
        .selectFrom('marker_changes' as never)
        .selectAll()
        .where('id' as never, '=', 1 as never)
        .execute();
    expect(await read()).toEqual([{ id: 1, note: 'uno' }]);
    await sql`alter table marker_changes alter column id type bigint`.execute(db);
    expect(await read()).toEqual([{ id: '1', note: 'uno' }]);
  });

  it('answers int8 as strings, timestamps as Date and bytea as Buffer, as before', async () => {
    const db = await open(true);
    const { rows } = await sql<{ big: string; at: Date; bytes: Buffer; n: number; tags: string[] }>`
      select ${'9007199254740993'}::bigint as big, ${new Date('2026-11-23T10:00:00Z')}::timestamptz as at,
             '\\x0102'::bytea as bytes, count(*)::int as n, array['a', 'b']::text[] as tags`.execute(db);
    expect(rows[0]).toEqual({
      big: '9007199254740993',
      at: new Date('2026-11-23T10:00:00Z'),
      bytes: Buffer.from([1, 2]),
      n: 1,
      tags: ['a', 'b'],
    });
  });
});
