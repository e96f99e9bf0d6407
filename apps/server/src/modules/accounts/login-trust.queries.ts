import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface TrustCredential {
  hash: Buffer;
  kind: 'device' | 'address';
}

/** Those of `hashes` that logged into the account since `since` (the primary key's index). */
export async function findTrustedHashes(db: Db, userId: string, hashes: Buffer[], since: Date) {
  if (hashes.length === 0) return [];
  const rows = await db
    .selectFrom('login_trust')
    .select('credential_hash')
    .where('user_id', '=', userId)
    .where('credential_hash', 'in', hashes)
    .where('last_login_at', '>', since)
    .execute();
  // PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
  return rows.map((row) => Buffer.from(row.credential_hash));
}

/** After a successful login: these credentials are (still) the account's, from now. */
export function rememberLogin(db: Db, userId: string, credentials: TrustCredential[]) {
  return db
    .insertInto('login_trust')
    .values(credentials.map(({ hash, kind }) => ({ user_id: userId, credential_hash: hash, kind })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'credential_hash']).doUpdateSet({ last_login_at: sql<Date>`now()` }),
    )
    .execute();
}

export function deleteStaleLoginTrust(db: Db, before: Date) {
  return db.deleteFrom('login_trust').where('last_login_at', '<=', before).execute();
}
