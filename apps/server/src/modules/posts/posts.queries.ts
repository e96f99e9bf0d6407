import { sql, type ExpressionBuilder } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { PageMarks, PageMarksAsked, ReaderMarkRows } from './wall/viewer-marks.js';
import { isImageOfChannel } from '../channels/channels.queries.js';
import {
  latestTopComments,
  likedByViewer,
  replyCount,
  type CommentScope,
} from '../comments/comments.queries.js';

/**
 * Posts with their author and the caller's own flags. islike and follow are `exists` probes on
 * primary keys, and the counts are columns kept by the writes: one indexed query per page. Callers
 * choose the posts, by visibility to the caller.
 */
function postsWithAuthor(db: Db, viewerId: string | null) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('map_locations as ml', 'ml.id', 'p.location_id')
    .select([
      'p.id',
      'p.url',
      'p.user_id',
      'p.media',
      'p.media_width',
      'p.media_height',
      'p.text',
      'p.edited_text',
      'p.likes_count',
      'p.comments_count',
      'p.created_at',
      'p.hidden_at',
      'u.username',
      'u.img_profile',
      'ml.urlpoint as lugar_u',
      'ml.name as lugar_n',
    ])
    .select((eb) => [
      viewerId === null
        ? sql<boolean>`false`.as('liked')
        : eb
            .exists(
              eb
                .selectFrom('post_likes as l')
                .select(eb.lit(1).as('one'))
                .whereRef('l.post_id', '=', 'p.id')
                .where('l.user_id', '=', viewerId),
            )
            .as('liked'),
      viewerId === null
        ? sql<boolean>`false`.as('follows_author')
        : eb
            .exists(
              eb
                .selectFrom('follows as f')
                .select(eb.lit(1).as('one'))
                .where('f.follower_id', '=', viewerId)
                .whereRef('f.followed_id', '=', 'p.user_id'),
            )
            .as('follows_author'),
    ]);
}

/**
 * Not hidden, and not reported by the caller: a post they reported is gone for them. A post hidden by
 * reports stays visible to its author while it waits for a moderator.
 */
function visibleTo(eb: ExpressionBuilder<Database & { p: Database['posts'] }, 'p'>, viewerId: string | null) {
  const notHidden = eb('p.hidden_at', 'is', null);
  if (viewerId === null) return notHidden;
  const reported = eb
    .selectFrom('post_reports as r')
    .select(eb.lit(1).as('one'))
    .whereRef('r.post_id', '=', 'p.id')
    .where('r.user_id', '=', viewerId);
  return eb.or([eb.and([notHidden, eb.not(eb.exists(reported))]), eb('p.user_id', '=', viewerId)]);
}

export type WallPostRow = Awaited<ReturnType<ReturnType<typeof postsWithAuthor>['executeTakeFirstOrThrow']>>;

export interface WallPageFilter {
  viewerId: string | null;
  /** Only posts up to this id: the newest one the first page showed. */
  newestId?: string | undefined;
  /** Keyset continuation: only posts older than this id (the last one the client holds); no offset. */
  olderThanId?: string | undefined;
  username?: string | undefined;
  tag?: string | undefined;
  /** 'Siguiendo': only the posts of the people this user (id) follows. */
  followedBy?: string | undefined;
  offset: number;
  limit: number;
}

/**
 * A page of the wall, newest first, walking posts_wall (or posts_user with `u`, post_hashtags_pk with
 * `tag`). The offset is counted on ids alone; only the page's own rows are joined with their authors.
 * With `olderThanId` the walk starts where the client stopped, so a deep page costs what the first does.
 * The page size is written into the SQL (a validated integer, a few shapes): PostgreSQL then keeps one
 * generic plan for a prepared page query instead of planning it on every call, since with `limit $n`
 * it guesses a tenth of the table, and that plan is a hash join over all posts.
 */
export function selectWallPage(db: Db, filter: WallPageFilter): Promise<WallPostRow[]> {
  return wallPage(db, filter).execute();
}

/**
 * The same page with each post's latest `perPost` top-level comments, in one statement: a row per
 * previewed comment, post columns repeated (a post without comments has one row, its `c_` columns
 * null), newest post first and each post's comments oldest first.
 */
export function selectWallPageWithPreviews(db: Db, filter: WallPageFilter, perPost: number) {
  return wallPage(db, filter)
    .leftJoinLateral(
      (eb) => latestTopComments(eb, perPost),
      (join) => join.onTrue(),
    )
    .leftJoin('users as cu', 'cu.id', 'c.user_id')
    .select([
      'c.id as c_id',
      'c.text as c_text',
      'c.likes_count as c_likes_count',
      'c.created_at as c_created_at',
      'cu.username as c_username',
      'cu.img_profile as c_img_profile',
    ])
    .select((eb) => likedByViewer(eb as unknown as CommentScope, filter.viewerId, 'c_liked'))
    .select((eb) => replyCount(eb as unknown as CommentScope, 'c_replies'))
    .orderBy('c.id', 'asc')
    .execute();
}

/** The page's posts are visible to the caller by how wallPageIds chose them: no second filter. */
function wallPage(db: Db, filter: WallPageFilter) {
  const pageIds = filter.tag === undefined ? wallPageIds(db, filter) : tagPageIds(db, filter.tag, filter);
  return postsWithAuthor(db, filter.viewerId).where('p.id', 'in', pageIds).orderBy('p.id', 'desc');
}

function byAuthor(eb: ExpressionBuilder<Database & { p: Database['posts'] }, 'p'>, username: string) {
  return eb(
    'p.user_id',
    '=',
    eb.selectFrom('users').select('users.id').where('users.username', '=', username),
  );
}

/** The author is someone `followerId` follows (follows_pk leads with the follower). */
function byFollowed(eb: ExpressionBuilder<Database & { p: Database['posts'] }, 'p'>, followerId: string) {
  return eb(
    'p.user_id',
    'in',
    eb.selectFrom('follows').select('follows.followed_id').where('follows.follower_id', '=', followerId),
  );
}

function wallPageIds(db: Db, filter: WallPageFilter) {
  const { viewerId, newestId, olderThanId, username, followedBy } = filter;
  return db
    .selectFrom('posts as p')
    .select('p.id')
    .where((eb) => visibleTo(eb, viewerId))
    .$if(newestId !== undefined, (qb) => qb.where('p.id', '<=', newestId!))
    .$if(olderThanId !== undefined, (qb) => qb.where('p.id', '<', olderThanId!))
    .$if(username !== undefined, (qb) => qb.where((eb) => byAuthor(eb, username!)))
    .$if(followedBy !== undefined, (qb) => qb.where((eb) => byFollowed(eb, followedBy!)))
    .orderBy('p.id', 'desc')
    .limit(sql.lit(filter.limit))
    .$if(olderThanId === undefined, (qb) => qb.offset(filter.offset));
}

/**
 * A hashtag's page walks post_hashtags_pk (tag, post_id) backwards and checks each post on its primary
 * key. The LATERAL ... LIMIT 1 keeps that nested loop under a generic (prepared) plan, which otherwise
 * merge-joins with the whole of posts_wall: 50 ms for a tag whose posts are old, 0.3 ms like this.
 */
function tagPageIds(db: Db, tag: string, filter: WallPageFilter) {
  const { viewerId, newestId, olderThanId, username, followedBy } = filter;
  return db
    .selectFrom('post_hashtags as h')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('posts as p')
          .select(eb.lit(1).as('one'))
          .whereRef('p.id', '=', 'h.post_id')
          .where((eb) => visibleTo(eb, viewerId))
          .$if(username !== undefined, (qb) => qb.where((eb) => byAuthor(eb, username!)))
          .$if(followedBy !== undefined, (qb) => qb.where((eb) => byFollowed(eb, followedBy!)))
          .limit(sql.lit(1))
          .as('visible'),
      (join) => join.onTrue(),
    )
    .select('h.post_id as id')
    .where('h.tag', '=', tag)
    .$if(newestId !== undefined, (qb) => qb.where('h.post_id', '<=', newestId!))
    .$if(olderThanId !== undefined, (qb) => qb.where('h.post_id', '<', olderThanId!))
    .orderBy('h.post_id', 'desc')
    .limit(sql.lit(filter.limit))
    .$if(olderThanId === undefined, (qb) => qb.offset(filter.offset));
}

/** One visible post by url, with the caller's flags. */
export async function selectVisiblePost(
  db: Db,
  url: string,
  viewerId: string | null,
): Promise<WallPostRow | undefined> {
  if (viewerId === null) return (await visiblePostForAll(db, { url }))[0];
  return postsWithAuthor(db, viewerId)
    .where('p.url', '=', url)
    .where((eb) => visibleTo(eb, viewerId))
    .executeTakeFirst();
}

/**
 * The same for everybody: the single post's shared read (GET /api/post/{url}), which a random link misses
 * (wall/shared-reads.ts keeps some thousands of posts), built once.
 */
const visiblePostForAll = compiledOnce(['url'], (db, { url }) =>
  postsWithAuthor(db, null)
    .where('p.url', '=', url)
    .where((eb) => visibleTo(eb, null)),
);

/** A post for a write on it, hidden or not. */
export function findPostByUrl(db: Db, url: string) {
  return db
    .selectFrom('posts')
    .select(['id', 'user_id', 'media', 'hidden_at'])
    .where('url', '=', url)
    .executeTakeFirst();
}

/** What a shared link's preview needs: author, text and the image stem. */
export function findPostForPage(db: Db, url: string) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.url', 'p.text', 'p.edited_text', 'p.media', 'p.media_width', 'p.media_height', 'u.username'])
    .where('p.url', '=', url)
    .where('p.hidden_at', 'is', null)
    .executeTakeFirst();
}

export function insertPost(
  db: Db,
  post: {
    url: string;
    userId: string;
    media: string;
    width: number;
    height: number;
    text: string;
    createdAt?: Date | undefined;
    locationId?: string | undefined;
  },
) {
  return db
    .insertInto('posts')
    .values({
      url: post.url,
      user_id: post.userId,
      media: post.media,
      media_width: post.width,
      media_height: post.height,
      text: post.text,
      hidden_at: null,
      edited_text: null,
      location_id: post.locationId ?? null,
      ...(post.createdAt ? { created_at: post.createdAt, updated_at: post.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The edited text, and the post's place when `locationId` is given (null: none). */
export function updatePostText(db: Db, postId: string, text: string, locationId?: string | null) {
  return db
    .updateTable('posts')
    .set({
      edited_text: text,
      updated_at: sql`now()`,
      ...(locationId === undefined ? {} : { location_id: locationId }),
    })
    .where('id', '=', postId)
    .execute();
}

/** Hashtags and mentions of the post's current text; mentions only of users that exist. */
export async function replacePostLinks(db: Db, postId: string, tags: string[], usernames: string[]) {
  await db.deleteFrom('post_hashtags').where('post_id', '=', postId).execute();
  await db.deleteFrom('post_mentions').where('post_id', '=', postId).execute();
  if (tags.length > 0) {
    await db
      .insertInto('post_hashtags')
      .values(tags.map((tag) => ({ tag, post_id: postId })))
      .execute();
  }
  if (usernames.length > 0) {
    await db
      .insertInto('post_mentions')
      .columns(['post_id', 'user_id'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select([eb.val(postId).as('post_id'), 'users.id'])
          .where('users.username', 'in', usernames),
      )
      .execute();
  }
}

/** Comments, likes, reports, hashtags and mentions go with it (foreign keys cascade). */
export function deletePost(db: Db, postId: string) {
  return db.deleteFrom('posts').where('id', '=', postId).returning('media').executeTakeFirst();
}

/**
 * Photos are stored by content hash, so two posts (or a post, a map place and a channel's avatar or cover)
 * may share files: delete them only when unused.
 */
export async function isMediaInUse(db: Db, media: string): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('id')
    .where('media', '=', media)
    .limit(1)
    .executeTakeFirst();
  if (row !== undefined) return true;
  const place = await db
    .selectFrom('map_locations')
    .select('id')
    .where(sql<boolean>`cardinality(photos) > 0 and photos @> array[cast(${media} as text)]`)
    .limit(1)
    .executeTakeFirst();
  return place !== undefined || isImageOfChannel(db, media);
}

/** Text arrays travel the same way on both backends. */
const idArray = (values: string[]) => sql`cast(${`{${values.join(',')}}`} as bigint[])`;

/**
 * All of a reader's marks in one round trip, each kind cut at `cap + 1` (so a reader with more shows it):
 * the posts they like, the users they follow, the comments they like, and the posts that shift pages for
 * them alone (those they reported, and their own hidden by reports).
 */
export async function selectReaderMarks(db: Db, userId: string, cap: number): Promise<ReaderMarkRows> {
  const limit = sql.lit(cap + 1);
  const { rows } = await sql<{
    liked: string[];
    followed: string[];
    liked_comments: string[];
    reported: string[];
    hidden: string[];
  }>`
    select
      array(select post_id::text from post_likes where user_id = ${userId} limit ${limit}) as liked,
      array(select followed_id::text from follows where follower_id = ${userId} limit ${limit}) as followed,
      array(select comment_id::text from comment_likes where user_id = ${userId} limit ${limit}) as liked_comments,
      array(select post_id::text from post_reports where user_id = ${userId} limit ${limit}) as reported,
      array(select id::text from posts where user_id = ${userId} and hidden_at is not null limit ${limit}) as hidden`.execute(
    db,
  );
  const row = rows[0]!;
  return {
    liked: row.liked,
    followed: row.followed,
    likedComments: row.liked_comments,
    shifting: [...row.reported, ...row.hidden],
  };
}

/**
 * A reader's marks on one page, for a reader with too many to keep whole: whether they reported a visible
 * post in its range or wrote a post hidden by reports (which only they see) there, either of which shifts
 * the page for them alone.
 */
export async function selectViewerFlags(db: Db, viewerId: string, page: PageMarksAsked): Promise<PageMarks> {
  const { oldestId, newestId = '9223372036854775807' } = page.range;
  const { rows } = await sql<{
    liked: string[];
    followed: string[];
    liked_comments: string[];
    shifted: boolean;
  }>`
    select
      array(select post_id::text from post_likes where user_id = ${viewerId} and post_id = any(${idArray(page.postIds)})) as liked,
      array(select followed_id::text from follows where follower_id = ${viewerId} and followed_id = any(${idArray(page.authorIds)})) as followed,
      array(select comment_id::text from comment_likes where user_id = ${viewerId} and comment_id = any(${idArray(page.commentIds)})) as liked_comments,
      exists(
        select 1 from post_reports r join posts p on p.id = r.post_id
        where r.user_id = ${viewerId} and p.hidden_at is null and p.id >= ${oldestId} and p.id <= ${newestId}
      ) or exists(
        select 1 from posts p
        where p.user_id = ${viewerId} and p.hidden_at is not null and p.id >= ${oldestId} and p.id <= ${newestId}
      ) as shifted`.execute(db);
  const row = rows[0]!;
  return {
    liked: new Set(row.liked),
    followed: new Set(row.followed),
    likedComments: new Set(row.liked_comments),
    shifted: row.shifted,
  };
}
