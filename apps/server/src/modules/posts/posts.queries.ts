import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/**
 * Posts with their author and the caller's own flags. islike and follow are `exists` probes on
 * primary keys, and the counts are columns kept by the writes: one indexed query per page.
 */
function postsWithAuthor(db: Db, viewerId: string | null) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
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
      'u.username',
      'u.img_profile',
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
    ])
    .where((eb) => visibleTo(eb, viewerId));
}

/** Not hidden, and not reported by the caller: a post they reported is gone for them. */
function visibleTo(eb: ExpressionBuilder<Database & { p: Database['posts'] }, 'p'>, viewerId: string | null) {
  const notHidden = eb('p.hidden_at', 'is', null);
  if (viewerId === null) return notHidden;
  const reported = eb
    .selectFrom('post_reports as r')
    .select(eb.lit(1).as('one'))
    .whereRef('r.post_id', '=', 'p.id')
    .where('r.user_id', '=', viewerId);
  return eb.and([notHidden, eb.not(eb.exists(reported))]);
}

export type WallPostRow = Awaited<ReturnType<ReturnType<typeof postsWithAuthor>['executeTakeFirstOrThrow']>>;

export interface WallPageFilter {
  viewerId: string | null;
  /** Only posts up to this id: the newest one the first page showed. */
  newestId?: string | undefined;
  username?: string | undefined;
  tag?: string | undefined;
  offset: number;
  limit: number;
}

/**
 * A page of the wall, newest first, walking posts_wall (or posts_user / post_hashtags_pk with a filter).
 * The offset is counted on posts alone; only the page's own rows are joined with their authors.
 */
export function selectWallPage(db: Db, filter: WallPageFilter): Promise<WallPostRow[]> {
  const { viewerId, newestId, username, tag } = filter;
  const pageIds = db
    .selectFrom('posts as p')
    .select('p.id')
    .where((eb) => visibleTo(eb, viewerId))
    .$if(newestId !== undefined, (qb) => qb.where('p.id', '<=', newestId!))
    .$if(username !== undefined, (qb) =>
      qb.where((eb) =>
        eb(
          'p.user_id',
          '=',
          eb.selectFrom('users').select('users.id').where('users.username', '=', username!),
        ),
      ),
    )
    .$if(tag !== undefined, (qb) =>
      qb.where((eb) =>
        eb('p.id', 'in', eb.selectFrom('post_hashtags as h').select('h.post_id').where('h.tag', '=', tag!)),
      ),
    )
    .orderBy('p.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset);
  return postsWithAuthor(db, viewerId).where('p.id', 'in', pageIds).orderBy('p.id', 'desc').execute();
}

/** One visible post by url, with the caller's flags. */
export function selectVisiblePost(
  db: Db,
  url: string,
  viewerId: string | null,
): Promise<WallPostRow | undefined> {
  return postsWithAuthor(db, viewerId).where('p.url', '=', url).executeTakeFirst();
}

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
      ...(post.createdAt ? { created_at: post.createdAt, updated_at: post.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updatePostText(db: Db, postId: string, text: string) {
  return db
    .updateTable('posts')
    .set({ edited_text: text, updated_at: sql`now()` })
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

/** Photos are stored by content hash, so two posts may share files: delete them only when unused. */
export async function isMediaInUse(db: Db, media: string): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('id')
    .where('media', '=', media)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ViewerFlags {
  liked: Set<string>;
  followed: Set<string>;
  likedComments: Set<string>;
  /** The viewer reported a visible post that sorts at or before this page's last post. */
  reportedInRange: boolean;
}

/** The caller's own marks on a page, in one round trip (ids travel as text arrays on both backends). */
export async function selectViewerFlags(
  db: Db,
  viewerId: string,
  page: {
    postIds: string[];
    authorIds: string[];
    commentIds: string[];
    oldestId: string;
    newestId?: string | undefined;
  },
): Promise<ViewerFlags> {
  const ids = (values: string[]) => sql`cast(${`{${values.join(',')}}`} as bigint[])`;
  const { rows } = await sql<{
    liked: string[];
    followed: string[];
    liked_comments: string[];
    reported: boolean;
  }>`
    select
      array(select post_id::text from post_likes where user_id = ${viewerId} and post_id = any(${ids(page.postIds)})) as liked,
      array(select followed_id::text from follows where follower_id = ${viewerId} and followed_id = any(${ids(page.authorIds)})) as followed,
      array(select comment_id::text from comment_likes where user_id = ${viewerId} and comment_id = any(${ids(page.commentIds)})) as liked_comments,
      exists(
        select 1 from post_reports r join posts p on p.id = r.post_id
        where r.user_id = ${viewerId} and p.hidden_at is null and p.id >= ${page.oldestId}
          and p.id <= ${page.newestId ?? '9223372036854775807'}
      ) as reported`.execute(db);
  const row = rows[0]!;
  return {
    liked: new Set(row.liked),
    followed: new Set(row.followed),
    likedComments: new Set(row.liked_comments),
    reportedInRange: row.reported,
  };
}
