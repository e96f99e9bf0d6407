import { sql, type Kysely } from 'kysely';

/**
 * Video channels (issue #10).
 * - channels: at most one per user (`owner_id` unique), a unique `url`; `subscribers` moves with each
 *   subscription in its transaction. Avatar and cover are stems of the image pipeline (media/images.ts).
 * - videos: a readable `name` unique in its channel. `state` goes procesando → lista (or error) by the
 *   processing job; `progress` is its percentage. `original_key` is the uploaded file, kept until the job
 *   succeeds; `video_key` and `poster_key` are the results in the media store. `views` and `likes` move with
 *   their rows in one transaction.
 * - channel_subscriptions, video_likes: one row per user and target (the primary key decides a race).
 * - video_views: one row per viewer (user id, or a hash of a visitor's address) and day.
 * - jobs: durable background work both databases serve (the video processing first): a worker claims a
 *   due job with FOR UPDATE SKIP LOCKED and a lease (`locked_until`); a crash leaves the lease to expire and
 *   the job runs again.
 * - notifications.video_id: the 'new video' notification's target, part of the once-per-cause key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('channels')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('owner_id', 'bigint', (col) =>
      col.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('avatar', 'text')
    .addColumn('cover', 'text')
    .addColumn('subscribers', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`subscribers >= 0`),
    )
    .addColumn('videos_ready', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`videos_ready >= 0`),
    )
    .addColumn('last_video_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The list's three orders.
  await sql`create index channels_featured on channels (last_video_at desc nulls last, id desc)`.execute(db);
  await sql`create index channels_popular on channels (subscribers desc, id desc)`.execute(db);
  await sql`create index channels_newest on channels (id desc)`.execute(db);

  await db.schema
    .createTable('videos')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('channel_id', 'bigint', (col) => col.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('procesando')
        .check(sql`state in ('procesando', 'lista', 'error')`),
    )
    .addColumn('progress', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 100`),
    )
    .addColumn('original_key', 'text')
    .addColumn('original_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('video_key', 'text')
    .addColumn('poster_key', 'text')
    .addColumn('duration', 'real', (col) => col.notNull().defaultTo(0))
    .addColumn('width', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('height', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('size_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('views', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`views >= 0`),
    )
    .addColumn('likes', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`likes >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('published_at', 'timestamptz')
    .addUniqueConstraint('videos_name', ['channel_id', 'name'])
    .execute();
  // A channel's videos, newest first (its page, the owner's list, the next videos).
  await sql`create index videos_channel on videos (channel_id, id desc)`.execute(db);

  await db.schema
    .createTable('channel_subscriptions')
    .addColumn('channel_id', 'bigint', (col) => col.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('channel_subscriptions_pk', ['channel_id', 'user_id'])
    .execute();
  await sql`create index channel_subscriptions_user on channel_subscriptions (user_id)`.execute(db);

  await db.schema
    .createTable('video_likes')
    .addColumn('video_id', 'bigint', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('video_likes_pk', ['video_id', 'user_id'])
    .execute();
  await sql`create index video_likes_user on video_likes (user_id)`.execute(db);

  await db.schema
    .createTable('video_views')
    .addColumn('video_id', 'bigint', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('viewer', 'text', (col) => col.notNull())
    .addColumn('day', 'date', (col) => col.notNull())
    .addPrimaryKeyConstraint('video_views_pk', ['video_id', 'viewer', 'day'])
    .execute();
  // Old rows are swept by day.
  await sql`create index video_views_day on video_views (day)`.execute(db);

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('run_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index jobs_due on jobs (run_at, id) where state = 'pending'`.execute(db);

  await db.schema
    .alterTable('notifications')
    .addColumn('video_id', 'bigint', (col) => col.references('videos.id').onDelete('cascade'))
    .execute();
  await sql`drop index notifications_once`.execute(db);
  await sql`create unique index notifications_once
    on notifications (user_id, type, actor_id, post_id, comment_id, video_id) nulls not distinct`.execute(db);
  await sql`create index notifications_video on notifications (video_id) where video_id is not null`.execute(
    db,
  );
}
