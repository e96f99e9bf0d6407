import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '@nomadas/server/context';
import { hashPassword } from '@nomadas/server/modules/accounts/passwords';
import { deriveSeededNotifications } from '@nomadas/server/modules/notifications/notifications.service';
import { publishPost } from '@nomadas/server/modules/posts/posts.service';
import { cropAvatar, cropCover, renderAvatar } from './avatars.js';
import { DEMO_LOGIN, DEMO_MODERATOR, DEMO_PEOPLE, type DemoPerson } from './people.js';
import { PHOTO_VARIANTS, type PhotoVariant } from './photos/catalogue.js';
import { photoSource, type SeedPhoto } from './photos/photo-source.js';
import { createRandom, type Random } from './random.js';
import { planInteractions } from './interactions.js';
import * as q from './seed.queries.js';
import { postText } from './texts.js';
import { DEMO_MAP_PLACES } from './map-places.js';
import { seedMap } from './map-seed.js';
import { DEMO_CHANNELS, seedChannels } from './channels-seed.js';

export interface SeedSize {
  people: number;
  posts: number;
  /** How many distinct photos (scene variants) the posts share. */
  photos: number;
  /** Posts are spread over this many days before now. */
  days: number;
  /** Map places across Spain, besides the Astorga and Ponferrada areas (map-places.ts). */
  places?: number;
  /** Video channels with clips made by ffmpeg (channels-seed.ts); none unless asked for. */
  channels?: number;
}

export const FULL_SEED: SeedSize = {
  people: DEMO_PEOPLE.length,
  posts: 300,
  photos: PHOTO_VARIANTS.length,
  days: 180,
  places: DEMO_MAP_PLACES,
  channels: DEMO_CHANNELS.length,
};

export interface SeedReport {
  users: number;
  posts: number;
  likes: number;
  comments: number;
  follows: number;
  places: number;
  channels: number;
  videos: number;
  ms: number;
}

type SeedContext = Pick<AppContext, 'db' | 'media'> & {
  log?: Pick<FastifyBaseLogger, 'info'>;
  /** The ffmpeg binaries and work folder of the demo channels' clips (defaults without it). */
  config?: AppContext['config'];
  /** Aborted when the server shuts down: the seed stops at its next step and removes what it wrote. */
  signal?: AbortSignal;
  /** Where its posts are announced, so the wall's shared pages show them as they come. */
  realtime?: { events: Pick<AppContext['realtime']['events'], 'announce'> };
};

const DAY_MS = 24 * 3600 * 1000;

async function mapLimit<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      signal?.throwIfAborted();
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function putProfileImage(
  ctx: SeedContext,
  folder: 'avatars' | 'covers',
  body: Buffer,
): Promise<string> {
  const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 32);
  const key = `${folder}/${hash.slice(0, 2)}/${hash}.webp`;
  await ctx.media.put(key, body);
  return ctx.media.urlFor(key);
}

/** The photos of a person's regions (all of them when none is). */
function photosOf<T>(photos: T[], person: DemoPerson, variantOf: (photo: T) => PhotoVariant): T[] {
  const own = photos.filter((photo) => person.regions.includes(variantOf(photo).region));
  return own.length > 0 ? own : photos;
}

/** Each person's avatar and cover, cut from the photos of their regions (or drawn). */
async function profileImages(ctx: SeedContext, random: Random, people: DemoPerson[], photos: SeedPhoto[]) {
  return mapLimit(
    people,
    os.availableParallelism(),
    async (person) => {
      const r = random.fork(person.username);
      const cover = r.pick(photosOf(photos, person, (photo) => photo.variant));
      const avatar =
        person.avatar === 'photo'
          ? await cropAvatar(r.pick(photosOf(photos, person, (photo) => photo.variant)).jpeg, r)
          : await renderAvatar(r, person.avatar);
      return {
        img_profile: await putProfileImage(ctx, 'avatars', avatar),
        img_cover: await putProfileImage(ctx, 'covers', await cropCover(cover.jpeg, r)),
      };
    },
    ctx.signal,
  );
}

/**
 * Fills an empty community with demo content: people with avatars and covers, a wall of posts with
 * photos, likes, comments with replies, hashtags, mentions and follows. Runs only while nobody but the
 * official account exists, so it happens once; answers null when it did nothing.
 */
export async function seedDemo(ctx: SeedContext, size: SeedSize = FULL_SEED): Promise<SeedReport | null> {
  if (await q.hasCommunityUsers(ctx.db)) return null;
  const started = performance.now();
  const now = Date.now();
  const random = createRandom('nomadas-demo');
  const people = DEMO_PEOPLE.slice(0, Math.max(2, size.people));
  const step = PHOTO_VARIANTS.length / Math.max(1, Math.min(size.photos, PHOTO_VARIANTS.length));
  const variants = Array.from(
    { length: Math.min(size.photos, PHOTO_VARIANTS.length) },
    (_, i) => PHOTO_VARIANTS[Math.floor(i * step)]!,
  );

  // The demo login goes in first: it is also the claim that stops a second instance seeding at the same time.
  const demoUser = await q.claimDemoUser(ctx.db, {
    username: DEMO_LOGIN.username,
    email: DEMO_LOGIN.email,
    password_hash: await hashPassword(DEMO_LOGIN.password),
    description: people[0]!.description,
    img_profile: '',
    img_cover: '',
    created_at: new Date(now - 365 * DAY_MS),
  });
  if (!demoUser) return null;
  try {
    // Its password is published nowhere: whoever runs the demo reads it in the log.
    const moderatorPassword = crypto.randomBytes(12).toString('base64url');
    await q.insertDemoModerator(ctx.db, {
      username: DEMO_MODERATOR.username,
      password_hash: await hashPassword(moderatorPassword),
      created_at: new Date(now - 365 * DAY_MS),
    });
    ctx.log?.info(
      { username: DEMO_MODERATOR.username, password: moderatorPassword },
      'demo seed: the demo moderator (log in with this password to see /moderacion)',
    );
    // The people go in first, with their initials for pictures until their photos are made (after the posts).
    const joined = random.fork('joined');
    const ids = await q.insertUsers(
      ctx.db,
      people.slice(1).map((person) => ({
        username: person.username,
        email: null,
        password_hash: null,
        description: person.description,
        img_profile: '',
        img_cover: '',
        created_at: new Date(now - joined.range(200, 400) * DAY_MS),
      })),
    );
    ids.set(DEMO_LOGIN.username, demoUser);
    const userIds = people.map((person) => ids.get(person.username)!);

    // Posts, oldest first so ids follow time, written by the real publish code (hashtags, mentions). Planned
    // first, so their photos are made in the order they are published: the wall fills from the first seconds.
    const postRandom = random.fork('posts');
    const dates = Array.from(
      { length: size.posts },
      () => now - postRandom.range(0.05, size.days) * DAY_MS,
    ).sort((a, b) => a - b);
    const planned = dates.map((at) => {
      // A few people post a lot, most post now and then; the demo login has a handful of its own.
      const authorIndex = postRandom.chance(0.03)
        ? 0
        : 1 + Math.floor(Math.pow(postRandom.next(), 1.6) * (people.length - 1));
      const author = people[authorIndex]!;
      const variant = postRandom.pick(photosOf(variants, author, (variant) => variant));
      const mention = postRandom.chance(0.2)
        ? postRandom.pick(people.filter((other) => other !== author)).username
        : undefined;
      return { at, authorIndex, variant, text: postText(postRandom, variant, author.vehicle, mention) };
    });
    const photo = photoSource(ctx);
    for (const post of planned) void photo(post.variant);
    const posts: Array<{ id: string; authorIndex: number; at: number }> = [];
    for (const post of planned) {
      ctx.signal?.throwIfAborted();
      const { stored } = await photo(post.variant);
      const authorId = userIds[post.authorIndex]!;
      const { id } = await publishPost(ctx, authorId, { text: post.text, image: stored });
      ctx.realtime?.events.announce('post:changed', {
        postId: id,
        authorId,
        by: authorId,
        what: 'published',
      });
      posts.push({ id, authorIndex: post.authorIndex, at: post.at });
    }
    const photos = await Promise.all(variants.map(photo));
    ctx.log?.info(
      { posts: posts.length, photos: photos.length, ms: Math.round(performance.now() - started) },
      'demo seed: posts and photos stored',
    );
    ctx.signal?.throwIfAborted();
    const images = await profileImages(ctx, random.fork('profiles'), people, photos);
    await Promise.all(userIds.map((id, i) => q.setUserImages(ctx.db, id, images[i]!)));
    await q.setPostDates(
      ctx.db,
      posts.map((post) => ({ id: post.id, at: new Date(post.at) })),
    );

    ctx.signal?.throwIfAborted();
    const plan = planInteractions(random.fork('interactions'), { userIds, posts, now });
    await q.insertFollows(ctx.db, plan.follows);
    await q.insertPostLikes(ctx.db, plan.likes);
    const topIds = await q.insertComments(
      ctx.db,
      plan.comments.map((comment) => ({ ...comment.row, parent_id: null })),
    );
    const replyIds = await q.insertComments(
      ctx.db,
      plan.replies.map((reply) => ({ ...reply.row, parent_id: topIds[reply.parentIndex]! })),
    );
    const commentIds = [...topIds, ...replyIds];
    await q.insertCommentLikes(
      ctx.db,
      plan.commentLikes.map((like) => ({
        comment_id: commentIds[like.commentIndex]!,
        user_id: like.userId,
        created_at: like.created_at,
      })),
    );
    await q.recountCounters(ctx.db, userIds);
    ctx.signal?.throwIfAborted();
    const map = await seedMap(ctx.db, random.fork('map'), {
      places: size.places ?? 60,
      userIds,
      postIds: posts.map((post) => post.id),
      photoStems: photos.map((photo) => photo.stored.media),
      now,
    });
    ctx.signal?.throwIfAborted();
    const channels = await seedChannels(ctx, random.fork('channels'), {
      count: size.channels ?? 0,
      userIds: ids,
      photoStems: photos.map((photo) => photo.stored.media),
      now,
      signal: ctx.signal,
    });
    // What all that told each person; their few newest still pending, so the demo login has a badge.
    ctx.signal?.throwIfAborted();
    await deriveSeededNotifications(ctx.db, userIds, 4);

    const report: SeedReport = {
      users: people.length,
      posts: posts.length,
      likes: plan.likes.length,
      comments: commentIds.length,
      follows: plan.follows.length,
      places: map.places,
      channels: channels.channels,
      videos: channels.videos,
      ms: Math.round(performance.now() - started),
    };
    // The posts' dates, reactions and pictures changed under pages read meanwhile: no page keeps them.
    const last = posts.at(-1);
    if (last) {
      const authorId = userIds[last.authorIndex]!;
      ctx.realtime?.events.announce('post:changed', {
        postId: last.id,
        authorId,
        by: authorId,
        what: 'edited',
      });
    }
    ctx.log?.info(report, 'demo seed: done');
    return report;
  } catch (error) {
    // Leave no half-seeded community behind (stopped or failed): the next start tries again from scratch.
    await q.deleteUsers(ctx.db, [...people.map((person) => person.username), DEMO_MODERATOR.username]);
    throw error;
  }
}
