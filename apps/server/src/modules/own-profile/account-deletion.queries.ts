import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { userViewer } from '../channels/channel-videos.queries.js';

// Account deletion, run in one transaction (account-deletion.service.ts). The rows go by the foreign keys'
// cascades when the user row goes; these keep everybody else's counters and threads right first.

export function lockUser(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['username', 'email', 'img_profile', 'img_cover', 'is_official'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Media stems of the user's posts, for the files to remove after the commit. */
export async function selectPostMedia(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('posts').select('media').where('user_id', '=', userId).execute();
  return [...new Set(rows.map((row) => row.media))];
}

/** Addresses the outbox may hold mail for: the account's and any it was being moved to. */
export async function selectUserAddresses(db: Db, userId: string, email: string | null): Promise<string[]> {
  const rows = await db
    .selectFrom('email_changes')
    .select('new_email')
    .where('user_id', '=', userId)
    .execute();
  const addresses = [email, ...rows.map((row) => row.new_email)].filter((a): a is string => Boolean(a));
  return [...new Set(addresses.map((address) => address.toLowerCase()))];
}

/** Their likes leave other people's posts and comments: the counters go down with them. */
export async function uncountLikes(db: Db, userId: string) {
  await sql`
    update posts set likes_count = likes_count - 1
    where user_id <> ${userId} and id in (select post_id from post_likes where user_id = ${userId})`.execute(
    db,
  );
  await sql`
    update comments set likes_count = likes_count - 1
    where user_id <> ${userId} and id in (select comment_id from comment_likes where user_id = ${userId})`.execute(
    db,
  );
}

/** Their reports stop weighing on other people's posts (a post already hidden stays for the moderators). */
export function uncountReports(db: Db, userId: string) {
  return sql`
    update posts p set reports_count = p.reports_count - 1, report_weight = greatest(0, p.report_weight - r.weight)
    from post_reports r
    where r.post_id = p.id and r.user_id = ${userId} and p.user_id <> ${userId}`.execute(db);
}

/**
 * Other people's replies to their comments are those people's: they stay, as top-level comments, instead
 * of going with the comment they answered (the parent_id cascade). On the user's own posts everything goes.
 */
export function keepOthersReplies(db: Db, userId: string) {
  return sql`
    update comments set parent_id = null
    where user_id <> ${userId} and parent_id in (select id from comments where user_id = ${userId})`.execute(
    db,
  );
}

/** Other people's posts lose the user's comments from their totals (replies count too, as always). */
export function uncountComments(db: Db, userId: string) {
  return sql`
    update posts p set comments_count = p.comments_count - c.n
    from (select post_id, count(*)::int as n from comments where user_id = ${userId} group by post_id) c
    where p.id = c.post_id and p.user_id <> ${userId}`.execute(db);
}

/** Their reviews and confirmations leave the map's places: the ratings and counts go down with them. */
export async function uncountMapMarks(db: Db, userId: string) {
  await sql`
    update map_locations l set rating_sum = l.rating_sum - r.stars, reviews_count = l.reviews_count - 1
    from map_reviews r where r.location_id = l.id and r.user_id = ${userId}`.execute(db);
  await sql`
    update map_locations set confirmations = confirmations - 1
    where id in (select location_id from map_confirmations where user_id = ${userId})`.execute(db);
}

/**
 * The photos they added leave every place (map_location_photos), and the places they added, which stay on the
 * map (others confirm, review and post from them), also lose the photos nobody is named for (those from
 * before photos had owners); other people's photos stay. Answers the stems, for the files to remove after the
 * commit.
 */
export async function takePlacePhotos(db: Db, userId: string): Promise<string[]> {
  const own = await db
    .deleteFrom('map_location_photos')
    .where('user_id', '=', userId)
    .returning(['location_id', 'media'])
    .execute();
  for (const photo of own) {
    await db
      .updateTable('map_locations')
      .set({ photos: sql`array_remove(photos, ${photo.media})`, updated_at: sql`now()` })
      .where('id', '=', photo.location_id)
      .execute();
  }
  const { rows: unowned } = await sql<{ media: string }>`
    with authored as (
      select id, photos from map_locations
      where author_id = ${userId} and cardinality(photos) > 0 for update),
    gone as (
      select a.id, p.media from authored a, unnest(a.photos) as p(media)
      where not exists (select 1 from map_location_photos o where o.location_id = a.id and o.media = p.media)),
    kept as (
      update map_locations l set photos = array(
          select p.media from unnest(l.photos) with ordinality as p(media, i)
          where exists (select 1 from map_location_photos o where o.location_id = l.id and o.media = p.media)
          order by p.i),
        updated_at = now()
      where l.id in (select id from gone))
    select media from gone`.execute(db);
  return [...new Set([...own.map((photo) => photo.media), ...unowned.map((photo) => photo.media)])];
}

/**
 * Which videos they watched lately (video_views names viewers by a text, not a foreign key); the counts stay,
 * the views happened.
 */
export function deleteVideoViews(db: Db, userId: string) {
  return db.deleteFrom('video_views').where('viewer', '=', userViewer(userId)).execute();
}

/** Mail waiting for (or already sent to) their addresses: its text is about them. */
export function deleteOutboxMail(db: Db, addresses: string[]) {
  if (addresses.length === 0) return Promise.resolve();
  return db
    .deleteFrom('mail_outbox')
    .where(sql<string>`lower(to_address)`, 'in', addresses)
    .execute();
}

/** What they wrote to the operator would otherwise stay with its user id set to null. */
export function deleteContactMessages(db: Db, userId: string) {
  return db.deleteFrom('contact_messages').where('user_id', '=', userId).execute();
}

/** The name stays taken until `releaseAt`; expired reservations are cleared on the way. */
export async function reserveUsername(db: Db, username: string, releaseAt: Date) {
  await db.deleteFrom('reserved_usernames').where('release_at', '<=', new Date()).execute();
  await db
    .insertInto('reserved_usernames')
    .values({ username, release_at: releaseAt })
    .onConflict((oc) => oc.column('username').doUpdateSet({ release_at: releaseAt }))
    .execute();
}

/**
 * The user row, and with it by cascade: sessions, codes, follows both ways, posts (with everything on
 * them), likes, comments, reports, mentions, notifications (received and caused), e-mail changes and
 * export links, map reviews, confirmations, reports and live position, their channel (with its videos,
 * subscribers and likes), their subscriptions and video likes. Moderation keeps its log and
 * reviews, and the map the places they added (without their photos: takePlacePhotos), no longer naming
 * them (set null).
 */
export function deleteUser(db: Db, userId: string) {
  return db.deleteFrom('users').where('id', '=', userId).execute();
}
