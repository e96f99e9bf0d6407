import { sql } from 'kysely';
import type { Db } from '@nomadas/server/db/database';

/** Rows per statement in bulk inserts: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** True once anybody but the product's own account exists: the demo seed then stays away. */
export async function hasCommunityUsers(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('is_official', '=', false)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface SeedUser {
  username: string;
  email: string | null;
  password_hash: string | null;
  description: string;
  img_profile: string;
  img_cover: string;
  created_at: Date;
}

/**
 * Inserts the demo login first: if another instance got there (same username), nothing is inserted
 * and the caller leaves the seeding to it.
 */
export async function claimDemoUser(db: Db, user: SeedUser): Promise<string | undefined> {
  const row = await db
    .insertInto('users')
    .values({ ...user, activated_at: user.created_at })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The demo's moderator: an activated account with the moderator role and no e-mail. */
export async function insertDemoModerator(
  db: Db,
  user: { username: string; password_hash: string; created_at: Date },
): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...user, email: null, activated_at: user.created_at, role: 'moderator' })
    .execute();
}

export async function setUserImages(
  db: Db,
  id: string,
  images: { img_profile: string; img_cover: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ img_profile: images.img_profile, img_cover: images.img_cover })
    .where('id', '=', id)
    .execute();
}

export async function insertUsers(db: Db, users: SeedUser[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const part of chunks(users)) {
    const rows = await db
      .insertInto('users')
      .values(part.map((user) => ({ ...user, activated_at: user.created_at })))
      .returning(['id', 'username'])
      .execute();
    for (const row of rows) ids.set(row.username, row.id);
  }
  return ids;
}

export async function deleteUsers(db: Db, usernames: string[]): Promise<void> {
  if (usernames.length > 0) await db.deleteFrom('users').where('username', 'in', usernames).execute();
}

/** Back-dates posts (created by the real publish code, so stamped now) to when the story says. */
export async function setPostDates(db: Db, dates: Array<{ id: string; at: Date }>): Promise<void> {
  for (const part of chunks(dates)) {
    const values = sql.join(part.map(({ id, at }) => sql`(${id}::bigint, ${at.toISOString()}::timestamptz)`));
    await sql`update posts set created_at = v.at, updated_at = v.at from (values ${values}) as v(id, at) where posts.id = v.id`.execute(
      db,
    );
  }
}

export async function insertPostLikes(
  db: Db,
  rows: Array<{ post_id: string; user_id: string; created_at: Date }>,
) {
  for (const part of chunks(rows))
    await db
      .insertInto('post_likes')
      .values(part)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

export async function insertFollows(
  db: Db,
  rows: Array<{ follower_id: string; followed_id: string; created_at: Date }>,
) {
  for (const part of chunks(rows))
    await db
      .insertInto('follows')
      .values(part)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

export interface SeedComment {
  post_id: string;
  user_id: string;
  parent_id: string | null;
  text: string;
  created_at: Date;
}

/** Inserts in the given order (so ids follow time) and answers the new ids in that order. */
export async function insertComments(db: Db, rows: SeedComment[]): Promise<string[]> {
  const ids: string[] = [];
  for (const part of chunks(rows)) {
    const inserted = await db.insertInto('comments').values(part).returning('id').execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export async function insertCommentLikes(
  db: Db,
  rows: Array<{ comment_id: string; user_id: string; created_at: Date }>,
) {
  for (const part of chunks(rows))
    await db
      .insertInto('comment_likes')
      .values(part)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** Sets the denormalised counters of the given authors' posts and comments from the rows themselves. */
export async function recountCounters(db: Db, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = sql.join(userIds.map((id) => sql`${id}::bigint`));
  await sql`
    update posts p set
      likes_count = (select count(*) from post_likes l where l.post_id = p.id),
      comments_count = (select count(*) from comments c where c.post_id = p.id)
    where p.user_id in (${ids})`.execute(db);
  await sql`
    update comments c set likes_count = (select count(*) from comment_likes l where l.comment_id = c.id)
    where c.post_id in (select id from posts where user_id in (${ids}))`.execute(db);
}
