import crypto from 'node:crypto';
import { MSG, NEXT_VIDEOS_MAX } from '@nomadas/shared';
import type { Video, VideoLike, VideoPage, VideoView } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { orNotFound } from '../../db/pg-errors.js';
import { writeTransaction, type WriteKey } from '../../lib/write-once.js';
import type { Viewer } from '../../http/auth.js';
import { ApiError } from '../../http/errors.js';
import { readSigningKey } from '../follows/friendship.queries.js';
import { removeVideoFiles } from './channel-files.js';
import { presentChannel, presentVideo, presentVideoCard } from './channels.presenter.js';
import * as q from './channel-videos.queries.js';
import { lockChannel } from './channels.queries.js';
import { requireChannel, requireChannelOwner } from './channels.service.js';

const videoUnknown = () => new ApiError(404, MSG.videoUnknown);

/**
 * The channel and video a call names. A video that is not ready exists only for its owner (others get the
 * 404 an unknown one gets); `ready` asks for one that is ready whoever asks (likes and views).
 */
async function requireVideo(
  db: Db,
  viewer: Viewer | null,
  names: { name: string; videoname: string },
  { ready }: { ready: boolean } = { ready: false },
) {
  const viewerId = viewer?.id ?? null;
  const channel = await requireChannel(db, names.name, viewerId);
  const video = await q.findVideo(db, channel.id, names.videoname, viewerId);
  const visible = video?.state === 'lista' || (!ready && channel.owner_id === viewerId);
  if (!video || !visible) throw videoUnknown();
  return { channel, video };
}

/** GET /api/canales/{name}/{videoname}: the video, its channel and more of the channel to watch next. */
export async function getVideoPage(
  ctx: AppContext,
  viewer: Viewer | null,
  names: { name: string; videoname: string },
): Promise<VideoPage> {
  const viewerId = viewer?.id ?? null;
  const { channel, video } = await requireVideo(ctx.db, viewer, names);
  const next = await q.listChannelVideos(ctx.db, channel.id, {
    everyState: false,
    offset: 0,
    limit: NEXT_VIDEOS_MAX,
    except: video.id,
  });
  return {
    video: presentVideo(video, channel, viewerId, ctx.media),
    canal: presentChannel(channel, viewerId, ctx.media),
    next: next.map((row) => presentVideoCard(row, channel.url, ctx.media)),
  };
}

/** A video a write names: 404 unknown, 403 for anybody but its channel's owner. */
async function requireOwnVideo(ctx: AppContext, viewer: Viewer, names: { name: string; videoname: string }) {
  const channel = await requireChannel(ctx.db, names.name, viewer.id);
  requireChannelOwner(viewer, channel);
  const video = await q.findVideo(ctx.db, channel.id, names.videoname, viewer.id);
  if (!video) throw videoUnknown();
  return { channel, video };
}

/** POST /api/canales/{name}/{videoname}/edit: the owner's title and description (the name, a link, stays). */
export async function editVideo(
  ctx: AppContext,
  viewer: Viewer,
  names: { name: string; videoname: string },
  body: { title: string; descripcion: string },
): Promise<Video> {
  const { channel, video } = await requireOwnVideo(ctx, viewer, names);
  await q.updateVideoText(ctx.db, video.id, { title: body.title, description: body.descripcion });
  return presentVideo(
    { ...video, title: body.title, description: body.descripcion },
    channel,
    viewer.id,
    ctx.media,
  );
}

/**
 * POST /api/canales/{name}/{videoname}/delete: the video goes (a ready one from its channel's count, in the
 * same transaction), and its files after the commit.
 */
export async function deleteVideo(
  ctx: AppContext,
  viewer: Viewer,
  names: { name: string; videoname: string },
): Promise<void> {
  const { channel, video } = await requireOwnVideo(ctx, viewer, names);
  const files = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockChannel(trx, channel.id))) return undefined;
    return q.deleteVideo(trx, video.id);
  });
  if (!files) throw videoUnknown();
  await removeVideoFiles(ctx, files);
}

/**
 * POST /api/canales/{name}/{videoname}/like: flips the caller's like of a ready video. Two clicks racing each
 * other change the row once, and the counter with it.
 */
export async function toggleVideoLike(
  ctx: AppContext,
  viewer: Viewer,
  names: { name: string; videoname: string },
  key?: WriteKey<VideoLike>,
): Promise<VideoLike> {
  const { video } = await requireVideo(ctx.db, viewer, names, { ready: true });
  return orNotFound(() =>
    writeTransaction(ctx.db, key, async (trx): Promise<VideoLike> => {
      if (await q.removeVideoLike(trx, video.id, viewer.id)) {
        return { islike: false, likes: await q.shiftVideoLikes(trx, video.id, -1) };
      }
      if (await q.addVideoLike(trx, video.id, viewer.id)) {
        return { islike: true, likes: await q.shiftVideoLikes(trx, video.id, 1) };
      }
      // A concurrent click of the same user added the like first: answer the state as it now is.
      const liked = await q.hasVideoLike(trx, video.id, viewer.id);
      return { islike: liked, likes: await q.shiftVideoLikes(trx, video.id, 0) };
    }),
  );
}

const VIEWER_KEY_NAME = 'video-views';
const viewerKeys = new WeakMap<Db, Promise<Buffer>>();

/** The secret visitors' addresses are hashed with, read once per database (a failed read is retried). */
function viewerKey(db: Db): Promise<Buffer> {
  let key = viewerKeys.get(db);
  if (!key) {
    key = readSigningKey(db, VIEWER_KEY_NAME);
    viewerKeys.set(db, key);
    key.catch(() => viewerKeys.delete(db));
  }
  return key;
}

/**
 * Who counts as one viewer for a day: a user by id; a visitor by a keyed hash of their address and the day,
 * so no address is stored and a visitor's rows cannot be linked from one day to the next.
 */
async function viewerOf(db: Db, viewer: Viewer | null, ip: string, day: string): Promise<string> {
  if (viewer) return q.userViewer(viewer.id);
  const hash = crypto
    .createHmac('sha256', await viewerKey(db))
    .update(`${day}|${ip}`)
    .digest('base64url');
  return `v:${hash.slice(0, 22)}`;
}

/** POST /api/canales/{name}/{videoname}/view: counted once per viewer and day (UTC); answers the count. */
export async function countVideoView(
  ctx: AppContext,
  viewer: Viewer | null,
  ip: string,
  names: { name: string; videoname: string },
): Promise<VideoView> {
  const { video } = await requireVideo(ctx.db, viewer, names, { ready: true });
  const day = new Date().toISOString().slice(0, 10);
  const who = await viewerOf(ctx.db, viewer, ip, day);
  const views = await orNotFound(() =>
    ctx.db.transaction().execute((trx) => q.countVideoView(trx, video.id, who, day)),
  );
  return { views };
}
