import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { NOTIFICATION_ONCE } from '../notifications/notifications.queries.js';

// A channel's videos, their likes and views, and their publishing. Writes that change a channel's counters
// take its row lock first (lockChannel in channels.queries.ts), then the video's.

/** What deleted videos leave behind as files. */
export interface VideoFiles {
  /** Keys in the media store (videos, posters). */
  keys: string[];
  /** Uploaded originals still waiting for their processing job (names under VIDEO_UPLOAD_DIR). */
  originals: string[];
}

type VideoFileColumns = { video_key: string | null; poster_key: string | null; original_key: string | null };
export const present = (values: Array<string | null>) => values.filter((value): value is string => !!value);
export const videoFiles = (rows: VideoFileColumns[]): VideoFiles => ({
  keys: present(rows.flatMap((row) => [row.video_key, row.poster_key])),
  originals: present(rows.map((row) => row.original_key)),
});

// ---------------------------------------------------------------- videos

const videoCardColumns = [
  'v.id',
  'v.name',
  'v.title',
  'v.poster_key',
  'v.duration',
  'v.views',
  'v.likes',
  'v.state',
  'v.progress',
  'v.created_at',
  'v.published_at',
] as const;

/** A page of a channel's videos, newest first (videos_channel); only ready ones unless `everyState`. */
export function listChannelVideos(
  db: Db,
  channelId: string,
  options: { everyState: boolean; offset: number; limit?: number; except?: string },
) {
  return db
    .selectFrom('videos as v')
    .select(videoCardColumns)
    .where('v.channel_id', '=', channelId)
    .$if(!options.everyState, (qb) => qb.where('v.state', '=', 'lista'))
    .$if(options.except !== undefined, (qb) => qb.where('v.id', '!=', options.except!))
    .orderBy('v.id', 'desc')
    .offset(options.offset)
    .$if(options.limit !== undefined, (qb) => qb.limit(sql.lit(options.limit!)))
    .execute();
}
export type VideoCardRow = Awaited<ReturnType<typeof listChannelVideos>>[number];

/** A video of a channel with everything its page shows, and whether the viewer likes it. */
export function findVideo(db: Db, channelId: string, name: string, viewerId: string | null) {
  return db
    .selectFrom('videos as v')
    .select([
      ...videoCardColumns,
      'v.description',
      'v.video_key',
      'v.width',
      'v.height',
      (viewerId === null
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from video_likes l where l.video_id = v.id and l.user_id = ${viewerId})`
      ).as('liked'),
    ])
    .where('v.channel_id', '=', channelId)
    .where('v.name', '=', name)
    .executeTakeFirst();
}
export type VideoRow = NonNullable<Awaited<ReturnType<typeof findVideo>>>;

export function updateVideoText(db: Db, videoId: string, text: { title: string; description: string }) {
  return db
    .updateTable('videos')
    .set({ title: text.title, description: text.description })
    .where('id', '=', videoId)
    .execute();
}

/**
 * Deletes a video and answers its files; a ready one leaves its channel's count. Undefined when it was
 * gone already. Run after lockChannel.
 */
export async function deleteVideo(db: Db, videoId: string): Promise<VideoFiles | undefined> {
  const video = await db
    .deleteFrom('videos')
    .where('id', '=', videoId)
    .returning(['channel_id', 'state', 'video_key', 'poster_key', 'original_key'])
    .executeTakeFirst();
  if (!video) return undefined;
  if (video.state === 'lista') {
    await db
      .updateTable('channels')
      .set({ videos_ready: sql`videos_ready - 1` })
      .where('id', '=', video.channel_id)
      .execute();
  }
  return videoFiles([video]);
}

// ---------------------------------------------------------------- likes and views

export async function removeVideoLike(db: Db, videoId: string, userId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('video_likes')
    .where('video_id', '=', videoId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function addVideoLike(db: Db, videoId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insertInto('video_likes')
    .values({ video_id: videoId, user_id: userId })
    .onConflict((oc) => oc.columns(['video_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function hasVideoLike(db: Db, videoId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('video_likes')
    .select('user_id')
    .where('video_id', '=', videoId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the like counter by `delta` (0 reads it) and answers the new value. */
export async function shiftVideoLikes(db: Db, videoId: string, delta: -1 | 0 | 1): Promise<number> {
  if (delta === 0) {
    const row = await db
      .selectFrom('videos')
      .select('likes')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    return row.likes;
  }
  const row = await db
    .updateTable('videos')
    .set({ likes: sql`likes + ${delta}` })
    .where('id', '=', videoId)
    .returning('likes')
    .executeTakeFirstOrThrow();
  return row.likes;
}

/** A registered viewer as video_views names them (a visitor is `v:` and a keyed hash). */
export const userViewer = (userId: string) => `u:${userId}`;

/**
 * Counts a view once per viewer and day: the row's primary key decides, and the counter moves only when
 * it was inserted. Answers the count. Run in a transaction.
 */
export async function countVideoView(db: Db, videoId: string, viewer: string, day: string): Promise<number> {
  const inserted = await db
    .insertInto('video_views')
    .values({ video_id: videoId, viewer, day })
    .onConflict((oc) => oc.columns(['video_id', 'viewer', 'day']).doNothing())
    .returning('viewer')
    .executeTakeFirst();
  const row = inserted
    ? await db
        .updateTable('videos')
        .set({ views: sql`views + 1` })
        .where('id', '=', videoId)
        .returning('views')
        .executeTakeFirstOrThrow()
    : await db.selectFrom('videos').select('views').where('id', '=', videoId).executeTakeFirstOrThrow();
  return row.views;
}

// ---------------------------------------------------------------- publishing (the processing job's end)

/** The channel of a video, to lock it before the video (undefined: the video is gone). */
/** Views are counted once per viewer and day: rows of days before `keepFrom` (YYYY-MM-DD) decide nothing. */
export async function deleteOldVideoViews(db: Db, keepFrom: string): Promise<void> {
  await db.deleteFrom('video_views').where('day', '<', keepFrom).execute();
}

export function findChannelIdOfVideo(db: Db, videoId: string) {
  return db.selectFrom('videos').select('channel_id').where('id', '=', videoId).executeTakeFirst();
}

/**
 * Marks a processing video ready with its results; false when the video is gone (deleted while it was
 * processing) or was already published (a job run twice).
 */
/** What the processing job made of a video. */
export interface ProcessedVideo {
  videoKey: string;
  posterKey: string;
  duration: number;
  width: number;
  height: number;
  sizeBytes: number;
}

export async function markVideoReady(db: Db, videoId: string, result: ProcessedVideo): Promise<boolean> {
  const row = await db
    .updateTable('videos')
    .set({
      state: 'lista',
      progress: 100,
      video_key: result.videoKey,
      poster_key: result.posterKey,
      duration: result.duration,
      width: result.width,
      height: result.height,
      size_bytes: result.sizeBytes,
      published_at: sql`now()`,
      original_key: null,
    })
    .where('id', '=', videoId)
    .where('state', '!=', 'lista')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** One more ready video in the channel, the newest; answers the owner (the notifications' actor). */
export async function countPublishedVideo(db: Db, channelId: string): Promise<string> {
  const row = await db
    .updateTable('channels')
    .set({ videos_ready: sql`videos_ready + 1`, last_video_at: sql`now()` })
    .where('id', '=', channelId)
    .returning('owner_id')
    .executeTakeFirstOrThrow();
  return row.owner_id;
}

/** The 'new video' notification for every subscriber of the channel; answers those that were inserted. */
export async function notifySubscribers(
  db: Db,
  channel: { id: string; ownerId: string },
  videoId: string,
): Promise<string[]> {
  const rows = await db
    .insertInto('notifications')
    .columns(['user_id', 'actor_id', 'type', 'video_id'])
    .expression((eb) =>
      eb
        .selectFrom('channel_subscriptions as s')
        .select([
          's.user_id',
          eb.val(channel.ownerId).as('actor_id'),
          sql.lit('channel_video').as('type'),
          eb.val(videoId).as('video_id'),
        ])
        .where('s.channel_id', '=', channel.id)
        .where('s.user_id', '!=', channel.ownerId),
    )
    .onConflict((oc) => oc.columns(NOTIFICATION_ONCE).doNothing())
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}
