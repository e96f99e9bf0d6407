import { sql, type Kysely } from 'kysely';

/** The wall: posts with one photo, likes, comments with replies, reports, hashtags, mentions, follows. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followed_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followed_id'])
    .addCheckConstraint('follows_not_self', sql`follower_id <> followed_id`)
    .execute();
  await db.schema
    .createIndex('follows_followed')
    .on('follows')
    .columns(['followed_id', 'follower_id'])
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('url', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Stem of the media files (see media module): `<stem>-1440.webp`, `<stem>-thumb.webp`, `.jpg` fallbacks.
    .addColumn('media', 'text', (col) => col.notNull())
    .addColumn('media_width', 'integer', (col) => col.notNull())
    .addColumn('media_height', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('edited_text', 'text')
    .addColumn('likes_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('comments_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reports_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('hidden_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The wall reads newest first among visible posts; a profile wall reads one user's.
  await sql`create index posts_wall on posts (id desc) where hidden_at is null`.execute(db);
  await sql`create index posts_user on posts (user_id, id desc) where hidden_at is null`.execute(db);

  await db.schema
    .createTable('post_likes')
    .addColumn('post_id', 'bigint', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('post_likes_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('post_likes_user').on('post_likes').columns(['user_id', 'post_id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('post_id', 'bigint', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'bigint', (col) => col.references('comments.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('likes_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('comments_post').on('comments').columns(['post_id', 'id']).execute();
  await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();

  await db.schema
    .createTable('comment_likes')
    .addColumn('comment_id', 'bigint', (col) => col.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('post_reports')
    .addColumn('post_id', 'bigint', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('post_reports_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('post_reports_user')
    .on('post_reports')
    .columns(['user_id', 'post_id'])
    .execute();

  await db.schema
    .createTable('post_hashtags')
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('post_id', 'bigint', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_hashtags_pk', ['tag', 'post_id'])
    .execute();
  await db.schema.createIndex('post_hashtags_post').on('post_hashtags').column('post_id').execute();

  await db.schema
    .createTable('post_mentions')
    .addColumn('post_id', 'bigint', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_mentions_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('post_mentions_user').on('post_mentions').column('user_id').execute();
}
