import { sql } from 'kysely';
import { CHANNEL_CARD_POSTERS, type ChannelOrder } from '@nomadas/shared';
import type { Db } from '../../db/database.js';
import { present, videoFiles, type VideoFiles } from './channel-videos.queries.js';

// Lock order, the same on every path that changes a channel and its videos: the channel row first, then
// its videos. A publish, a video's deletion and the channel's deletion never deadlock each other.

/** Whether the viewer (null: a visitor) subscribes to the channel `c` (channel_subscriptions_pk). */
const subscribedBy = (viewerId: string | null) =>
  viewerId === null
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from channel_subscriptions vs where vs.channel_id = c.id and vs.user_id = ${viewerId})`;

const channelColumns = [
  'c.id',
  'c.owner_id',
  'c.url',
  'c.name',
  'c.description',
  'c.avatar',
  'c.cover',
  'c.subscribers',
  'c.videos_ready',
  'c.created_at',
  'u.username',
] as const;

// ---------------------------------------------------------------- channels

/** The user's channel (one per user), for the upload and the owner's tab. */
export function findChannelOfOwner(db: Db, userId: string): Promise<{ id: string; url: string } | undefined> {
  return db.selectFrom('channels').select(['id', 'url']).where('owner_id', '=', userId).executeTakeFirst();
}

/** A channel with its owner's name and the viewer's subscription. */
export function findChannelByUrl(db: Db, url: string, viewerId: string | null) {
  return db
    .selectFrom('channels as c')
    .innerJoin('users as u', 'u.id', 'c.owner_id')
    .select([...channelColumns, subscribedBy(viewerId).as('subscribed')])
    .where('c.url', '=', url)
    .executeTakeFirst();
}
export type ChannelRow = NonNullable<Awaited<ReturnType<typeof findChannelByUrl>>>;

/** The user's own channel as its page shows it (they never subscribe to it). */
export function findOwnChannel(db: Db, userId: string) {
  return db
    .selectFrom('channels as c')
    .innerJoin('users as u', 'u.id', 'c.owner_id')
    .select([...channelColumns, sql<boolean>`false`.as('subscribed')])
    .where('c.owner_id', '=', userId)
    .executeTakeFirst();
}

/** The urls taken among `base` and `base-N`, to pick a free one for a new channel. */
export async function selectTakenUrls(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('channels')
    .select('url')
    .where((eb) => eb.or([eb('url', '=', base), eb('url', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((row) => row.url));
}

export function insertChannel(
  db: Db,
  row: { ownerId: string; url: string; name: string; description: string },
) {
  return db
    .insertInto('channels')
    .values({ owner_id: row.ownerId, url: row.url, name: row.name, description: row.description })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateChannelText(db: Db, channelId: string, text: { name: string; description: string }) {
  return db
    .updateTable('channels')
    .set({ name: text.name, description: text.description })
    .where('id', '=', channelId)
    .execute();
}

/** Locks the channel for a change of its avatar or cover and answers the image being replaced. */
export function lockChannelImages(db: Db, channelId: string) {
  return db
    .selectFrom('channels')
    .select(['avatar', 'cover'])
    .where('id', '=', channelId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export function setChannelImage(db: Db, channelId: string, kind: 'avatar' | 'cover', stem: string) {
  return db
    .updateTable('channels')
    .set(kind === 'avatar' ? { avatar: stem } : { cover: stem })
    .where('id', '=', channelId)
    .execute();
}

/** What a deleted channel leaves behind as files: its videos' and its images (stems: avatar, cover). */
export interface ChannelFiles extends VideoFiles {
  images: string[];
}

/** Takes the channel's row lock, the first of the lock order above. */
export function lockChannel(db: Db, channelId: string) {
  return db
    .selectFrom('channels')
    .select('id')
    .where('id', '=', channelId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/**
 * Deletes a channel with its videos (subscriptions, likes, views and notifications go by cascade) and
 * answers its files; undefined when it was gone already. Locked first, so no upload adds a video meanwhile.
 */
export async function deleteChannel(db: Db, channelId: string): Promise<ChannelFiles | undefined> {
  const channel = await db
    .selectFrom('channels')
    .select(['avatar', 'cover'])
    .where('id', '=', channelId)
    .forUpdate()
    .executeTakeFirst();
  if (!channel) return undefined;
  const videos = await db
    .deleteFrom('videos')
    .where('channel_id', '=', channelId)
    .returning(['video_key', 'poster_key', 'original_key'])
    .execute();
  await db.deleteFrom('channels').where('id', '=', channelId).execute();
  return { ...videoFiles(videos), images: present([channel.avatar, channel.cover]) };
}

/** The files of every channel of a user (at most one), for an account's deletion. */
export async function selectChannelFilesOfOwner(db: Db, userId: string): Promise<ChannelFiles> {
  const [channels, videos] = await Promise.all([
    db.selectFrom('channels').select(['avatar', 'cover']).where('owner_id', '=', userId).execute(),
    db
      .selectFrom('videos as v')
      .innerJoin('channels as c', 'c.id', 'v.channel_id')
      .select(['v.video_key', 'v.poster_key', 'v.original_key'])
      .where('c.owner_id', '=', userId)
      .execute(),
  ]);
  return { ...videoFiles(videos), images: present(channels.flatMap((c) => [c.avatar, c.cover])) };
}

/**
 * A deleted account's subscriptions and likes leave other people's channels and videos: the counters go
 * down with them (the rows go by cascade with the user).
 */
export async function uncountSubscriptionsAndLikes(db: Db, userId: string): Promise<void> {
  await sql`
    update channels set subscribers = subscribers - 1
    where owner_id <> ${userId} and id in (select channel_id from channel_subscriptions where user_id = ${userId})`.execute(
    db,
  );
  await sql`
    update videos set likes = likes - 1
    where id in (select video_id from video_likes where user_id = ${userId})
      and channel_id not in (select id from channels where owner_id = ${userId})`.execute(db);
}

/** Whether a channel shows this image stem (posts' photos and channels' images share the pipeline). */
export async function isImageOfChannel(db: Db, stem: string): Promise<boolean> {
  const row = await db
    .selectFrom('channels')
    .select('id')
    .where((eb) => eb.or([eb('avatar', '=', stem), eb('cover', '=', stem)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A page of channels in one of the list's orders, each with the posters of its latest ready videos (a
 * lateral walk of videos_channel per channel, not a query each). Featured channels are those with a
 * ready video, by their newest one (channels_featured); popular by subscribers (channels_popular); new by
 * creation (channels_newest).
 */
export function listChannels(db: Db, order: ChannelOrder, page: { offset: number; limit: number }) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('channels as c')
        .innerJoin('users as u', 'u.id', 'c.owner_id')
        .select([...channelColumns, 'c.last_video_at'])
        .$if(order === 'destacados', (qb) =>
          qb
            .where('c.videos_ready', '>', 0)
            .orderBy(sql`c.last_video_at desc nulls last`)
            .orderBy('c.id', 'desc'),
        )
        .$if(order === 'populares', (qb) => qb.orderBy('c.subscribers', 'desc').orderBy('c.id', 'desc'))
        .$if(order === 'nuevos', (qb) => qb.orderBy('c.id', 'desc'))
        .offset(page.offset)
        .limit(sql.lit(page.limit))
        .as('c'),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom((inner) =>
            inner
              .selectFrom('videos as v')
              .select(['v.id', 'v.poster_key'])
              .whereRef('v.channel_id', '=', 'c.id')
              .where('v.state', '=', 'lista')
              .orderBy('v.id', 'desc')
              .limit(sql.lit(CHANNEL_CARD_POSTERS))
              .as('latest'),
          )
          .select(sql<string[] | null>`array_agg(latest.poster_key order by latest.id desc)`.as('posters'))
          .as('p'),
      (join) => join.onTrue(),
    )
    .selectAll('c')
    .select('p.posters')
    .$if(order === 'destacados', (qb) =>
      qb.orderBy(sql`c.last_video_at desc nulls last`).orderBy('c.id', 'desc'),
    )
    .$if(order === 'populares', (qb) => qb.orderBy('c.subscribers', 'desc').orderBy('c.id', 'desc'))
    .$if(order === 'nuevos', (qb) => qb.orderBy('c.id', 'desc'))
    .execute();
}
export type ChannelListRow = Awaited<ReturnType<typeof listChannels>>[number];

// ---------------------------------------------------------------- subscriptions

export async function removeSubscription(db: Db, channelId: string, userId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('channel_subscriptions')
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function addSubscription(db: Db, channelId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insertInto('channel_subscriptions')
    .values({ channel_id: channelId, user_id: userId })
    .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function hasSubscription(db: Db, channelId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('channel_subscriptions')
    .select('user_id')
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the subscriber counter by `delta` (0 reads it) and answers the new value. */
export async function shiftSubscribers(db: Db, channelId: string, delta: -1 | 0 | 1): Promise<number> {
  if (delta === 0) {
    const row = await db
      .selectFrom('channels')
      .select('subscribers')
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow();
    return row.subscribers;
  }
  const row = await db
    .updateTable('channels')
    .set({ subscribers: sql`subscribers + ${delta}` })
    .where('id', '=', channelId)
    .returning('subscribers')
    .executeTakeFirstOrThrow();
  return row.subscribers;
}

// ---------------------------------------------------------------- the data export

/** The user's channel and all its videos, in every state, oldest first. */
export async function selectExportChannel(db: Db, userId: string) {
  const channel = await db
    .selectFrom('channels')
    .select(['id', 'url', 'name', 'description', 'avatar', 'cover', 'subscribers', 'created_at'])
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  const videos = channel
    ? await db
        .selectFrom('videos')
        .select([
          'name',
          'title',
          'description',
          'state',
          'video_key',
          'duration',
          'views',
          'likes',
          'created_at',
          'published_at',
        ])
        .where('channel_id', '=', channel.id)
        .orderBy('id')
        .execute()
    : [];
  return { channel, videos };
}

/** The channels the user subscribes to and the videos they like (links only: those are other people's). */
export async function selectExportChannelMarks(db: Db, userId: string) {
  const [subscriptions, likes] = await Promise.all([
    db
      .selectFrom('channel_subscriptions as s')
      .innerJoin('channels as c', 'c.id', 's.channel_id')
      .select(['c.url', 's.created_at'])
      .where('s.user_id', '=', userId)
      .orderBy('s.created_at')
      .execute(),
    db
      .selectFrom('video_likes as l')
      .innerJoin('videos as v', 'v.id', 'l.video_id')
      .innerJoin('channels as c', 'c.id', 'v.channel_id')
      .select(['c.url', 'v.name', 'l.created_at'])
      .where('l.user_id', '=', userId)
      .orderBy('l.created_at')
      .execute(),
  ]);
  return { subscriptions, likes };
}
