import type { Db } from '../../db/database.js';

// What the data export reads: only rows the user made or that are about them (the choices: data-export.ts).

export function insertExportDownload(db: Db, tokenHash: Buffer, userId: string, expiresAt: Date) {
  return db
    .insertInto('export_downloads')
    .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
    .execute();
}

/** Uses up a live download link and answers its user; of two requests with one link, one wins. */
export async function consumeExportDownload(db: Db, tokenHash: Buffer) {
  const row = await db
    .updateTable('export_downloads')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export function selectExportProfile(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'username',
      'email',
      'description',
      'img_profile',
      'img_cover',
      'role',
      'created_at',
      'activated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function selectExportPosts(db: Db, userId: string) {
  return db
    .selectFrom('posts')
    .select([
      'id',
      'url',
      'media',
      'text',
      'edited_text',
      'likes_count',
      'comments_count',
      'hidden_at',
      'created_at',
      (eb) =>
        eb
          .selectFrom('post_hashtags')
          .select((sub) => sub.fn.agg<string[]>('array_agg', ['tag']).as('tags'))
          .whereRef('post_hashtags.post_id', '=', 'posts.id')
          .as('tags'),
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The user's own comments and replies, wherever they are; the post by its url (a link, not its content). */
export function selectExportComments(db: Db, userId: string) {
  return db
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select(['c.id', 'c.parent_id', 'c.text', 'c.likes_count', 'c.created_at', 'p.url as post_url'])
    .where('c.user_id', '=', userId)
    .orderBy('c.id')
    .execute();
}

export function selectExportPostLikes(db: Db, userId: string) {
  return db
    .selectFrom('post_likes as l')
    .innerJoin('posts as p', 'p.id', 'l.post_id')
    .select(['p.url as post_url', 'l.created_at'])
    .where('l.user_id', '=', userId)
    .orderBy('l.created_at')
    .execute();
}

export function selectExportCommentLikes(db: Db, userId: string) {
  return db
    .selectFrom('comment_likes as l')
    .innerJoin('comments as c', 'c.id', 'l.comment_id')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select(['l.comment_id', 'p.url as post_url', 'l.created_at'])
    .where('l.user_id', '=', userId)
    .orderBy('l.created_at')
    .execute();
}

export function selectExportFollowing(db: Db, userId: string) {
  return db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', 'f.followed_id')
    .select(['u.username', 'f.created_at'])
    .where('f.follower_id', '=', userId)
    .orderBy('f.created_at')
    .execute();
}

export function selectExportFollowers(db: Db, userId: string) {
  return db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', 'f.follower_id')
    .select(['u.username', 'f.created_at'])
    .where('f.followed_id', '=', userId)
    .orderBy('f.created_at')
    .execute();
}

/** Notifications the user received: what happened, who did it, on which of their posts. */
export function selectExportNotifications(db: Db, userId: string) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .leftJoin('posts as p', 'p.id', 'n.post_id')
    .select(['n.type', 'a.username as actor', 'p.url as post_url', 'n.created_at', 'n.seen_at'])
    .where('n.user_id', '=', userId)
    .orderBy('n.id')
    .execute();
}

/** Chat messages the user sent (what others sent them is theirs), with the recipient's name. */
export function selectExportChatMessages(db: Db, userId: string) {
  return db
    .selectFrom('chat_messages as m')
    .innerJoin('users as r', 'r.id', 'm.recipient_id')
    .select(['r.username as to', 'm.body', 'm.created_at'])
    .where('m.sender_id', '=', userId)
    .orderBy('m.id')
    .execute();
}

export function selectExportChatBlocks(db: Db, userId: string) {
  return db
    .selectFrom('chat_blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['u.username', 'b.created_at'])
    .where('b.blocker_id', '=', userId)
    .orderBy('b.created_at')
    .execute();
}

export function selectExportReports(db: Db, userId: string) {
  return db
    .selectFrom('post_reports as r')
    .innerJoin('posts as p', 'p.id', 'r.post_id')
    .select(['p.url as post_url', 'r.created_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at')
    .execute();
}

export function selectExportContactMessages(db: Db, userId: string) {
  return db
    .selectFrom('contact_messages')
    .select(['name', 'email', 'subject', 'message', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function selectExportSessions(db: Db, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
