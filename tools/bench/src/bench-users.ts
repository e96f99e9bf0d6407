import crypto from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, type Db } from '@nomadas/server/db/database';
import { hashToken } from '@nomadas/server/http/auth';

/** User i and user i + half follow each other (friends), for the first `half` users: chat pairs, not strangers. */
export async function befriendHalves(db: Db, userIds: string[], half: number): Promise<void> {
  for (let start = 0; start < half; start += 500) {
    const pairs = userIds
      .slice(start, Math.min(start + 500, half))
      .map((id, k): [string, string] => [id, userIds[start + k + half]!]);
    await db
      .insertInto('follows')
      .values(
        pairs.flatMap(([a, b]) => [
          { follower_id: a, followed_id: b },
          { follower_id: b, followed_id: a },
        ]),
      )
      .execute();
  }
}

/**
 * A fresh database `database` on the server of `base` with `count` users named `${prefix}${i}`, each with a
 * session whose token the bench keeps. `then` adds what a bench needs besides, given the users' ids in order.
 */
export async function prepareBenchUsers(
  base: string,
  database: string,
  count: number,
  prefix: string,
  then?: (db: Db, userIds: string[]) => Promise<void>,
): Promise<{ url: string; users: { username: string; token: string }[] }> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${database}`;
  const db = await openDatabase({ url: url.toString(), poolSize: 4 });
  const users = Array.from({ length: count }, (_, i) => ({
    username: `${prefix}${i}`,
    token: crypto.randomBytes(32).toString('base64url'),
  }));
  try {
    await migrateToLatest(db);
    const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
    const userIds: string[] = [];
    for (let start = 0; start < users.length; start += 500) {
      const batch = users.slice(start, start + 500);
      const ids = await db
        .insertInto('users')
        .values(
          batch.map((user) => ({
            username: user.username,
            email: null,
            password_hash: null,
            activated_at: new Date(),
          })),
        )
        .returning('id')
        .execute();
      userIds.push(...ids.map((row) => row.id));
      await db
        .insertInto('sessions')
        .values(
          ids.map((row, i) => ({
            user_id: row.id,
            token_hash: hashToken(batch[i]!.token),
            expires_at: expiresAt,
          })),
        )
        .execute();
    }
    await then?.(db, userIds);
  } finally {
    await db.destroy();
  }
  return { url: url.toString(), users };
}
