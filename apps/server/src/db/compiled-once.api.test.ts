import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { compiledOnce } from './compiled-once.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('a statement compiled once', () => {
  // Two placeholders and a constant between them: each call's values go to their own parameters.
  const usersNamed = compiledOnce(['first', 'second'], (db, { first, second }) =>
    db
      .selectFrom('users')
      .select('username')
      .where((eb) => eb.or([eb('username', '=', first), eb('username', '=', second)]))
      .where('username', '<>', 'nadie-se-llama-asi')
      .orderBy('username'),
  );

  it('answers each call with its own values, on the database and in a transaction', async () => {
    const [a, b, c] = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
    const names = (rows: Array<{ username: string }>) => rows.map((row) => row.username);
    expect(names(await usersNamed(t.db, { first: a.username, second: b.username }))).toEqual(
      [a.username, b.username].sort(),
    );
    expect(names(await usersNamed(t.db, { first: c.username, second: 'nadie' }))).toEqual([c.username]);
    const inTransaction = await t.db
      .transaction()
      .execute((trx) => usersNamed(trx, { first: b.username, second: c.username }));
    expect(names(inTransaction)).toEqual([b.username, c.username].sort());
  });

  it('refuses a placeholder that the statement does not bind', async () => {
    const inlined = compiledOnce(['name'], (db) => db.selectFrom('users').select('username'));
    await expect(inlined(t.db, { name: 'x' })).rejects.toThrow(/name not bound/);
  });
});
