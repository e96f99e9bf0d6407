import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';

/**
 * The secret named `name`, made on first use: the first instance to ask inserts a random one and every
 * instance then reads that same row, so no configuration is needed and all of them agree.
 */
export async function readSigningKey(db: Db, name: string): Promise<Buffer> {
  const read = () =>
    db.selectFrom('signing_keys').select('secret').where('name', '=', name).executeTakeFirst();
  let row = await read();
  if (!row) {
    await db
      .insertInto('signing_keys')
      .values({ name, secret: crypto.randomBytes(32) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error(`signing key ${name} missing`);
  // PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
  return Buffer.from(row.secret);
}
