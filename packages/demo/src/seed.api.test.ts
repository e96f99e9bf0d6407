import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDiskMediaStore } from '@nomadas/server/media/media-store';
import { startTestServer, type TestServer } from '@nomadas/server/test/harness';
import { fetchMedia } from '@nomadas/server/test/posts-factory';
import { PROVINCES } from '@nomadas/server/modules/map/spanish-towns';
import { DEMO_LOGIN, DEMO_MODERATOR } from './people.js';
import { seedDemo, type SeedReport, type SeedSize } from './seed.js';

const SMALL: SeedSize = { people: 8, posts: 30, photos: 3, days: 60, places: 104 };

let t: TestServer;
let report: SeedReport | null;
/** What the seed logged: each call's fields. */
const logged: unknown[] = [];
beforeAll(async () => {
  t = await startTestServer();
  const log = { info: (...args: unknown[]) => void logged.push(args[0]) };
  report = await seedDemo({ db: t.db, media: await createDiskMediaStore(t.config.mediaDir), log }, SMALL);
}, 120_000);
afterAll(() => t?.close());

const count = async (
  table: 'users' | 'posts' | 'post_likes' | 'comments' | 'comment_likes' | 'follows' | 'post_hashtags',
) =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo seed', () => {
  it('creates people, posts, likes, comments with replies, hashtags and follows', async () => {
    expect(report).toMatchObject({ users: 8, posts: 30 });
    expect(await count('users')).toBe(8 + 2); // plus the demo moderator and the official account
    expect(await count('posts')).toBe(30);
    expect(await count('post_likes')).toBeGreaterThan(0);
    expect(await count('comments')).toBeGreaterThan(0);
    expect(await count('follows')).toBeGreaterThan(0);
    expect(await count('post_hashtags')).toBeGreaterThan(0);
    const replies = await t.db
      .selectFrom('comments')
      .select('id')
      .where('parent_id', 'is not', null)
      .execute();
    expect(replies.length).toBeGreaterThan(0);
  });

  it('keeps every denormalised counter equal to the rows it counts', async () => {
    const posts = await sql<{ n: string }>`
      select count(*) as n from posts p
      where p.likes_count <> (select count(*) from post_likes l where l.post_id = p.id)
         or p.comments_count <> (select count(*) from comments c where c.post_id = p.id)`.execute(t.db);
    expect(posts.rows[0]!.n).toBe('0');
    const comments = await sql<{ n: string }>`
      select count(*) as n from comments c
      where c.likes_count <> (select count(*) from comment_likes l where l.comment_id = c.id)`.execute(t.db);
    expect(comments.rows[0]!.n).toBe('0');
    const liked = await sql<{ n: string }>`select count(*) as n from posts where likes_count > 0`.execute(
      t.db,
    );
    expect(Number(liked.rows[0]!.n)).toBeGreaterThan(0);
  });

  it('spreads the posts over the past, with ids in the order of time', async () => {
    const rows = await t.db.selectFrom('posts').select(['id', 'created_at']).orderBy('id').execute();
    const times = rows.map((row) => new Date(row.created_at).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]!).toBeLessThan(Date.now() - 7 * 24 * 3600 * 1000);
    expect(times[times.length - 1]!).toBeLessThanOrEqual(Date.now());
  });

  it('lets anyone log in as the demo user and see a wall with photos', async () => {
    const login = await t.post('/api/login', {
      body: { username: DEMO_LOGIN.username, password: DEMO_LOGIN.password },
    });
    expect(login.body).toMatchObject({
      state: 'OK',
      username: 'demo',
      img: expect.stringMatching(/^\/media\/avatars\//),
    });
    const wall = await t.get('/api/posts?1&n=0&l=12&tag=&cm=1', { token: login.body.token });
    expect(wall.body.state).toBe('OK');
    expect(wall.body.data.data).toHaveLength(12);
    const first = wall.body.data.data[0];
    expect(first.mediatext).toMatch(/#\p{L}+/u);
    const photo = await fetchMedia(t, first.media);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect((await fetchMedia(t, first.userimg)).status).toBe(200);
  });

  it('makes the published demo login an ordinary user, and a moderator whose password only the log tells', async () => {
    const demo = await t.post('/api/login', {
      body: { username: DEMO_LOGIN.username, password: DEMO_LOGIN.password },
    });
    expect(demo.body.role).toBeUndefined();
    expect((await t.get('/api/moderacion', { token: demo.body.token })).status).toBe(403);

    const fields = logged.find(
      (entry): entry is { password: unknown } => (entry as any)?.username === DEMO_MODERATOR.username,
    );
    const password = fields?.password;
    expect(password).toEqual(expect.stringMatching(/^[\w-]{16}$/));
    const moderator = await t.post('/api/login', { body: { username: DEMO_MODERATOR.username, password } });
    expect(moderator.body).toMatchObject({ state: 'OK', role: 'moderator' });
    expect((await t.get('/api/moderacion', { token: moderator.body.token })).status).toBe(200);
    const published = await t.post('/api/login', {
      body: { username: DEMO_MODERATOR.username, password: DEMO_LOGIN.password },
    });
    expect(published.status).toBe(400);
  });

  it('fills the map: areas and LPG stations in every province, the Astorga and Ponferrada areas and the guide areas', async () => {
    // Astorga, Ponferrada and the nine other areas of the '10 joyas' guide.
    expect(report?.places).toBe(104 + 2 + 9);
    const provinces = await sql<{ province: string; n: number }>`
      select province, count(*)::int as n from map_locations group by province`.execute(t.db);
    expect(provinces.rows).toHaveLength(Object.keys(PROVINCES).length);
    const kinds = await sql<{ kind: string }>`select distinct kind from map_locations order by kind`.execute(
      t.db,
    );
    expect(kinds.rows.map((row) => row.kind)).toEqual(['default', 'glp']);
    // Every place within Spain's box (the Canaries included) and near a town of its province.
    const outside = await sql<{ n: number }>`
      select count(*)::int as n from map_locations where lat not between 27.5 and 44 or lng not between -18.5 and 4.5`.execute(
      t.db,
    );
    expect(outside.rows[0]!.n).toBe(0);
    const counters = await sql<{ n: number }>`
      select count(*)::int as n from map_locations l
      where l.reviews_count <> (select count(*) from map_reviews r where r.location_id = l.id)
         or l.rating_sum <> (select coalesce(sum(stars), 0) from map_reviews r where r.location_id = l.id)`.execute(
      t.db,
    );
    expect(counters.rows[0]!.n).toBe(0);

    for (const urlpoint of ['area-autocaravanas-astorga', 'area-autocaravanas-ponferrada']) {
      const sheet = await t.get(`/api/map/location/${urlpoint}`);
      expect(sheet.status).toBe(200);
      expect(sheet.body.data).toMatchObject({ province: 'León', draft: false });
      expect(sheet.body.data.reviews.length).toBeGreaterThan(0);
      expect(sheet.body.data.photos.length).toBeGreaterThan(0);
    }
    // A gem of the '10 joyas' guide opens its area's sheet, with reviews and photos.
    const ronda = await t.get('/api/map/location/area-autocaravanas-ronda');
    expect(ronda.body.data).toMatchObject({ province: 'Málaga', draft: false });
    expect(ronda.body.data.reviews.length).toBeGreaterThan(0);
    const tied = await sql<{
      n: number;
    }>`select count(*)::int as n from posts where location_id is not null`.execute(t.db);
    expect(tied.rows[0]!.n).toBeGreaterThan(0);
    const leon = await t.get('/api/map/points?bbox=-7.1,42,-4.7,43.3&kinds=glp,default');
    expect(leon.body.data.total).toBeGreaterThanOrEqual(3);
  });

  it('does nothing on a second run', async () => {
    const before = await Promise.all([
      count('users'),
      count('posts'),
      count('post_likes'),
      count('comments'),
    ]);
    const again = await seedDemo({ db: t.db, media: await createDiskMediaStore(t.config.mediaDir) }, SMALL);
    expect(again).toBeNull();
    expect(
      await Promise.all([count('users'), count('posts'), count('post_likes'), count('comments')]),
    ).toEqual(before);
  });
});
