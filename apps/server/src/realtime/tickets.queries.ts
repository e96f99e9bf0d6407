import type { Db } from '../db/database.js';

// The socket's tickets (POST /api/connectws, /ws?d=…&t=…) and the friendship tokens it has accepted.

/** Stores a ticket, and drops the expired ones its session left unused. */
export async function insertTicket(
  db: Db,
  ticket: { id: string; secretHash: Buffer; sessionId: string; expiresAt: Date },
): Promise<void> {
  await db
    .deleteFrom('socket_tickets')
    .where('session_id', '=', ticket.sessionId)
    .where('expires_at', '<', new Date())
    .execute();
  await db
    .insertInto('socket_tickets')
    .values({
      id: ticket.id,
      secret_hash: ticket.secretHash,
      session_id: ticket.sessionId,
      expires_at: ticket.expiresAt,
    })
    .execute();
}

/**
 * Uses a ticket up: one statement deletes it and answers its live session and user, so of two instances
 * redeeming the same ticket only one gets a row. Undefined for an unknown, used or expired ticket, or a
 * session ended meanwhile.
 */
export function redeemTicket(db: Db, id: string, secretHash: Buffer) {
  const now = new Date();
  return db
    .with('used', (qb) =>
      qb
        .deleteFrom('socket_tickets')
        .where('id', '=', id)
        .where('secret_hash', '=', secretHash)
        .where('expires_at', '>', now)
        .returning('session_id'),
    )
    .selectFrom('used')
    .innerJoin('sessions', 'sessions.id', 'used.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at as expiresAt',
      'users.id as userId',
      'users.username',
    ])
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

/** Of these sessions, the ones still live (after an outage in which revocations may have been missed). */
export async function liveSessionIds(db: Db, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', sessionIds)
    .where('expires_at', '>', new Date())
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Records a friendship token's change id; false when it was used before (a replay). */
export async function useFriendChange(db: Db, id: string, userId: string, expiresAt: Date): Promise<boolean> {
  await db.deleteFrom('friend_change_uses').where('expires_at', '<', new Date()).execute();
  const rows = await db
    .insertInto('friend_change_uses')
    .values({ id, user_id: userId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}
