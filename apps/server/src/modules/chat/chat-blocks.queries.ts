import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// Blocks (a row per blocker and blocked user: its primary key decides a race of two toggles) and the
// friendship check of the socket's friend updates.

export async function removeBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('chat_blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .returning('blocked_id')
    .execute();
  return rows.length > 0;
}

export async function addBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .insertInto('chat_blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .returning('blocked_id')
    .execute();
  return rows.length > 0;
}

/** Usernames `blockerId` has blocked, in the order they were blocked. */
export async function listBlockedUsernames(db: Db, blockerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('chat_blocks')
    .innerJoin('users', 'users.id', 'chat_blocks.blocked_id')
    .select('users.username')
    .where('chat_blocks.blocker_id', '=', blockerId)
    .orderBy('chat_blocks.created_at')
    .orderBy('users.username')
    .execute();
  return rows.map((row) => row.username);
}

/** The id of a user others may block or write to (not the official account); undefined if none. */
export function findPeer(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'is_official'])
    .where('username', '=', username)
    .executeTakeFirst();
}

/** Both users as the friend events name them, and whether they follow each other now. */
export async function friendshipOf(db: Db, userId: string, friendId: string) {
  const users = await db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'img_profile',
      sql<boolean>`exists (select 1 from follows where follower_id = ${userId}::bigint
        and followed_id = ${friendId}::bigint) and exists (select 1 from follows
        where follower_id = ${friendId}::bigint and followed_id = ${userId}::bigint)`.as('mutual'),
    ])
    .where('id', 'in', [userId, friendId])
    .execute();
  const user = users.find((row) => row.id === userId);
  const friend = users.find((row) => row.id === friendId);
  return user && friend ? { user, friend, mutual: user.mutual } : undefined;
}
