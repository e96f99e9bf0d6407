import crypto from 'node:crypto';
import type { VideoState } from '@nomadas/shared';
import { originalStoreKey } from '../modules/videos/video-files.js';
import type { TestServer } from './harness.js';

/** A channel of `owner`, inserted directly, with a url of its own unless told. */
export async function createChannel(
  t: TestServer,
  owner: { id: string },
  overrides: { url?: string; name?: string; description?: string; avatar?: string | null } = {},
) {
  const url = overrides.url ?? `canal-${crypto.randomBytes(4).toString('hex')}`;
  const name = overrides.name ?? 'Canal de prueba';
  const row = await t.db
    .insertInto('channels')
    .values({
      owner_id: owner.id,
      url,
      name,
      description: overrides.description ?? 'Rutas en furgoneta.',
      avatar: overrides.avatar ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, url, name };
}

export interface VideoOverrides {
  name?: string;
  title?: string;
  description?: string;
  state?: VideoState;
  /** Ready videos get their files (a few fake bytes) in the media store; this keeps them out. */
  withoutFiles?: boolean;
  views?: number;
}

/** Whether an uploaded original waits in the media store for its processing job (modules/videos). */
export async function originalStored(t: TestServer, originalKey: string): Promise<boolean> {
  const stream = await t.ctx.media.open(originalStoreKey(originalKey));
  stream?.destroy();
  return stream !== null;
}

/**
 * A video of the channel, inserted directly: ready by default, with a fake MP4 and poster in the media store
 * and the channel's counters kept as publishing keeps them; 'procesando' with a fake original waiting in
 * the media store, and progress.
 */
export async function createVideo(t: TestServer, channel: { id: string }, overrides: VideoOverrides = {}) {
  const id = crypto.randomBytes(6).toString('hex');
  const state = overrides.state ?? 'lista';
  const ready = state === 'lista';
  const keys = {
    video_key: ready ? `videos/${id.slice(0, 2)}/${id}.mp4` : null,
    poster_key: ready ? `posters/${id.slice(0, 2)}/${id}.webp` : null,
    original_key: ready ? null : id,
  };
  if (!overrides.withoutFiles) {
    for (const key of [keys.video_key, keys.poster_key])
      if (key) await t.ctx.media.put(key, Buffer.from(`fake ${key}`));
    if (keys.original_key)
      await t.ctx.media.put(originalStoreKey(keys.original_key), Buffer.from('fake upload'));
  }
  const name = overrides.name ?? `video-${id}`;
  const row = await t.db
    .insertInto('videos')
    .values({
      channel_id: channel.id,
      name,
      title: overrides.title ?? 'Amanecer en los Picos de Europa',
      description: overrides.description ?? '',
      state,
      progress: ready ? 100 : 40,
      ...keys,
      duration: ready ? 12.5 : 0,
      width: ready ? 1280 : 0,
      height: ready ? 720 : 0,
      size_bytes: ready ? 1000 : 0,
      views: overrides.views ?? 0,
      published_at: ready ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (ready) {
    await t.db
      .updateTable('channels')
      .set((eb) => ({ videos_ready: eb('videos_ready', '+', 1), last_video_at: new Date() }))
      .where('id', '=', channel.id)
      .execute();
  }
  return { id: row.id, name, ...keys };
}

/** The newest video-processing job: its state, attempts and lane. */
export const lastVideoJob = (t: TestServer) =>
  t.db
    .selectFrom('jobs')
    .select(['state', 'attempts', 'lane'])
    .where('kind', '=', 'video.process')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
