import type { Insertable } from 'kysely';
import type { Db } from '@nomadas/server/db/database';
import type { ChannelsTable, VideosTable } from '@nomadas/server/db/schema';

/** True once demo channels exist (a first run that failed after them keeps them). */
export async function hasChannels(db: Db): Promise<boolean> {
  const row = await db.selectFrom('channels').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertChannel(db: Db, channel: Insertable<ChannelsTable>): Promise<string> {
  const row = await db.insertInto('channels').values(channel).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Ready videos, made at seed time: answers their ids in order. */
export async function insertReadyVideos(db: Db, videos: Insertable<VideosTable>[]): Promise<string[]> {
  if (videos.length === 0) return [];
  const rows = await db.insertInto('videos').values(videos).returning('id').execute();
  return rows.map((row) => row.id);
}

export async function insertSubscriptions(
  db: Db,
  rows: { channel_id: string; user_id: string; created_at: Date }[],
) {
  if (rows.length > 0) await db.insertInto('channel_subscriptions').values(rows).execute();
}

export async function insertVideoLikes(
  db: Db,
  rows: { video_id: string; user_id: string; created_at: Date }[],
) {
  if (rows.length > 0) await db.insertInto('video_likes').values(rows).execute();
}
