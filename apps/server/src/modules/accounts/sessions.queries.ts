import type { Db } from '../../db/database.js';

export function insertSession(db: Db, userId: string, tokenHash: Buffer, expiresAt: Date) {
  return db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

export function findLiveSession(db: Db, tokenHash: Buffer) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'users.id as userId',
      'users.username',
      'sessions.expires_at as expiresAt',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
}

export function deleteSession(db: Db, sessionId: string) {
  return db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export function deleteUserSessions(db: Db, userId: string) {
  return db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export function deleteExpiredSessions(db: Db) {
  return db.deleteFrom('sessions').where('expires_at', '<=', new Date()).execute();
}
