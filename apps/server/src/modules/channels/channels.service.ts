import { CHANNEL_URL_MAX, MSG, type ChannelOrder } from '@nomadas/shared';
import type { Channel, ChannelPage, ChannelsPage, OwnChannel, Subscription } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation, orNotFound } from '../../db/pg-errors.js';
import { writeTransaction, type WriteKey } from '../../lib/write-once.js';
import { requireAuthor } from '../../http/access.js';
import type { Viewer } from '../../http/auth.js';
import { ApiError, badRequest } from '../../http/errors.js';
import { asciiWords, hyphenate } from '../../lib/slug.js';
import type { Notified } from '../notifications/notifications.service.js';
import { releaseChannelImages, removeVideoFiles, storeChannelImage } from './channel-files.js';
import { presentChannel, presentChannelCard, presentVideoCard } from './channels.presenter.js';
import * as vq from './channel-videos.queries.js';
import * as q from './channels.queries.js';

export { findChannelOfOwner } from './channels.queries.js';

const URL_ATTEMPTS = 5;

export const channelUnknown = () => new ApiError(404, MSG.channelUnknown);

/** Channel urls are lower case; a link may carry capitals. */
const normalizeChannelUrl = (name: string) => name.trim().toLowerCase();

/** The channel a call names, with the viewer's subscription; 404 when there is none. */
export async function requireChannel(db: Db, name: string, viewerId: string | null): Promise<q.ChannelRow> {
  const channel = await q.findChannelByUrl(db, normalizeChannelUrl(name), viewerId);
  if (!channel) throw channelUnknown();
  return channel;
}

/** The one ownership check of channels and their videos: 403 for anybody but the owner. */
export function requireChannelOwner(viewer: Viewer, channel: { owner_id: string }): void {
  requireAuthor(viewer, { user_id: channel.owner_id });
}

// ---------------------------------------------------------------- the processing job's end

/**
 * The processing job's last step, in one transaction: the video becomes ready with its files, its channel
 * counts it, and every subscriber gets the 'new video' notification. Answers the recipients for
 * `announceNotifications` after the commit; [] (and nothing done) when the video was deleted meanwhile.
 */
export async function publishVideo(db: Db, videoId: string, result: vq.ProcessedVideo): Promise<Notified> {
  return db.transaction().execute(async (trx) => {
    const video = await vq.findChannelIdOfVideo(trx, videoId);
    if (!video || !(await q.lockChannel(trx, video.channel_id))) return [];
    if (!(await vq.markVideoReady(trx, videoId, result))) return [];
    const ownerId = await vq.countPublishedVideo(trx, video.channel_id);
    return vq.notifySubscribers(trx, { id: video.channel_id, ownerId }, videoId);
  });
}

// ---------------------------------------------------------------- channels

/** GET /api/canales: a page of channels in the order asked for. */
export async function listChannelsPage(
  ctx: AppContext,
  query: { orden: ChannelOrder; n: number; l: number },
): Promise<ChannelsPage> {
  // One row more than the page tells whether there are more.
  const rows = await q.listChannels(ctx.db, query.orden, { offset: query.n, limit: query.l + 1 });
  return {
    data: rows.slice(0, query.l).map((row) => presentChannelCard(row, ctx.media)),
    fin: rows.length > query.l ? 0 : 1,
  };
}

/** The url made from a channel's name: its words, or 'canal' when it has none in ASCII. */
const channelUrlBase = (nombre: string) => hyphenate(asciiWords(nombre), CHANNEL_URL_MAX) || 'canal';

/** `base`, or the first free of `base-2`, `base-3`…, cut to fit. */
async function freeChannelUrl(db: Db, base: string): Promise<string> {
  const taken = await q.selectTakenUrls(db, base);
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const url = `${base.slice(0, CHANNEL_URL_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(url)) return url;
  }
}

/** POST /api/canales: the caller's channel (one per user), under the url they chose or one made from its name. */
export async function createChannel(
  ctx: AppContext,
  viewer: Viewer,
  body: { nombre: string; url?: string | undefined; descripcion: string },
): Promise<Channel> {
  if (await q.findChannelOfOwner(ctx.db, viewer.id)) throw badRequest(MSG.channelExists);
  for (let attempt = 1; ; attempt++) {
    const url = body.url ?? (await freeChannelUrl(ctx.db, channelUrlBase(body.nombre)));
    try {
      await q.insertChannel(ctx.db, {
        ownerId: viewer.id,
        url,
        name: body.nombre,
        description: body.descripcion,
      });
      break;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two creations racing: the owner's unique key or the url's decided which one lost.
      if (await q.findChannelOfOwner(ctx.db, viewer.id)) throw badRequest(MSG.channelExists);
      if (body.url !== undefined) throw badRequest(MSG.channelUrlTaken);
      if (attempt >= URL_ATTEMPTS) throw error;
    }
  }
  ctx.realtime.events.announce('channel:changed', { ownerId: viewer.id });
  return getOwnChannelRow(ctx, viewer).then((row) => presentChannel(row, viewer.id, ctx.media));
}

async function getOwnChannelRow(ctx: AppContext, viewer: Viewer): Promise<q.ChannelRow> {
  const row = await q.findOwnChannel(ctx.db, viewer.id);
  if (!row) throw channelUnknown();
  return row;
}

/** GET /api/canal: the caller's channel (null without one), all its videos in every state, the upload cap. */
export async function getOwnChannel(ctx: AppContext, viewer: Viewer): Promise<OwnChannel> {
  const maxBytes = ctx.config.videoMaxBytes;
  const channel = await q.findOwnChannel(ctx.db, viewer.id);
  if (!channel) return { canal: null, videos: [], maxBytes };
  const videos = await vq.listChannelVideos(ctx.db, channel.id, { everyState: true, offset: 0 });
  return {
    canal: presentChannel(channel, viewer.id, ctx.media),
    videos: videos.map((video) => presentVideoCard(video, channel.url, ctx.media)),
    maxBytes,
  };
}

/** GET /api/canales/{name}: the channel and a page of its videos; its owner also sees those not ready. */
export async function getChannelPage(
  ctx: AppContext,
  viewer: Viewer | null,
  name: string,
  query: { n: number; l: number },
): Promise<ChannelPage> {
  const viewerId = viewer?.id ?? null;
  const channel = await requireChannel(ctx.db, name, viewerId);
  const rows = await vq.listChannelVideos(ctx.db, channel.id, {
    everyState: channel.owner_id === viewerId,
    offset: query.n,
    limit: query.l + 1,
  });
  return {
    canal: presentChannel(channel, viewerId, ctx.media),
    videos: rows.slice(0, query.l).map((row) => presentVideoCard(row, channel.url, ctx.media)),
    fin: rows.length > query.l ? 0 : 1,
  };
}

/** The caller's channel named by a write; 404 unknown, 403 someone else's. */
async function requireOwnChannel(ctx: AppContext, viewer: Viewer, name: string): Promise<q.ChannelRow> {
  const channel = await requireChannel(ctx.db, name, viewer.id);
  requireChannelOwner(viewer, channel);
  return channel;
}

/** POST /api/canales/{name}/edit: the owner's name and description (the url stays, links keep working). */
export async function editChannel(
  ctx: AppContext,
  viewer: Viewer,
  name: string,
  body: { nombre: string; descripcion: string },
): Promise<Channel> {
  const channel = await requireOwnChannel(ctx, viewer, name);
  await q.updateChannelText(ctx.db, channel.id, { name: body.nombre, description: body.descripcion });
  ctx.realtime.events.announce('channel:changed', { ownerId: viewer.id });
  return presentChannel(
    { ...channel, name: body.nombre, description: body.descripcion },
    viewer.id,
    ctx.media,
  );
}

/**
 * POST /api/canales/{name}/avatar and /cover: the image is stored before the row points at it, and the
 * one it replaces goes after the commit (unless something else shows it).
 */
export async function setChannelImage(
  ctx: AppContext,
  viewer: Viewer,
  name: string,
  kind: 'avatar' | 'cover',
  input: Buffer,
): Promise<Channel> {
  const channel = await requireOwnChannel(ctx, viewer, name);
  const stem = await storeChannelImage(ctx, input);
  let replaced: string | null;
  try {
    replaced = await ctx.db.transaction().execute(async (trx) => {
      const before = await q.lockChannelImages(trx, channel.id);
      if (!before) throw channelUnknown();
      await q.setChannelImage(trx, channel.id, kind, stem);
      return before[kind];
    });
  } catch (error) {
    await releaseChannelImages(ctx, [stem]);
    throw error;
  }
  if (replaced && replaced !== stem) await releaseChannelImages(ctx, [replaced]);
  ctx.realtime.events.announce('channel:changed', { ownerId: viewer.id });
  return presentChannel({ ...channel, [kind]: stem }, viewer.id, ctx.media);
}

/** POST /api/canales/{name}/delete: the channel with its videos; their files go after the commit. */
export async function deleteChannel(ctx: AppContext, viewer: Viewer, name: string): Promise<void> {
  const channel = await requireOwnChannel(ctx, viewer, name);
  const files = await ctx.db.transaction().execute((trx) => q.deleteChannel(trx, channel.id));
  if (!files) throw channelUnknown();
  ctx.realtime.events.announce('channel:changed', { ownerId: viewer.id });
  await removeChannelFiles(ctx, files);
}

/** After the commit that deleted a channel (or its owner's account): its videos' files and its images. */
export async function removeChannelFiles(ctx: AppContext, files: q.ChannelFiles): Promise<void> {
  await removeVideoFiles(ctx, files);
  await releaseChannelImages(ctx, files.images);
}

// ---------------------------------------------------------------- subscriptions

/**
 * POST /api/subscribe/{canal}: flips the caller's subscription. Two clicks racing each other change the row
 * once, and the counter with it, in the same transaction.
 */
export async function toggleSubscription(
  ctx: AppContext,
  viewer: Viewer,
  name: string,
  key?: WriteKey<Subscription>,
): Promise<Subscription> {
  const channel = await requireChannel(ctx.db, name, viewer.id);
  if (channel.owner_id === viewer.id) throw badRequest(MSG.channelOwnSubscribe);
  return orNotFound(() =>
    writeTransaction(ctx.db, key, async (trx): Promise<Subscription> => {
      if (await q.removeSubscription(trx, channel.id, viewer.id)) {
        return { subscribed: false, subs: await q.shiftSubscribers(trx, channel.id, -1) };
      }
      if (await q.addSubscription(trx, channel.id, viewer.id)) {
        return { subscribed: true, subs: await q.shiftSubscribers(trx, channel.id, 1) };
      }
      // A concurrent click of the same user subscribed first: answer the state as it now is.
      const subscribed = await q.hasSubscription(trx, channel.id, viewer.id);
      return { subscribed, subs: await q.shiftSubscribers(trx, channel.id, 0) };
    }),
  );
}
