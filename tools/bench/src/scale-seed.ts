import { sql } from 'kysely';
import type { Db } from '@nomadas/server/db/database';
import { hashPassword } from '@nomadas/server/modules/accounts/passwords';
import { BENCH_MAP_POINTS, seedMapAtScale } from './map-scale-seed.js';

/** The scale DESIGN.md §5 measures at. Bump `version` when the generated data must change. */
export const BENCH_SCALE = {
  version: 4,
  users: 10_000,
  posts: 100_000,
  likesPerPost: 10,
  commentsPerPost: 2,
  repliesEvery: 2,
  mapPoints: BENCH_MAP_POINTS,
};
export const BENCH_LOGIN = { username: 'bench_viajera', password: 'bench-password-2026' };
const TAGS = [
  'galicia',
  'pirineos',
  'areasac',
  'autocaravana',
  'furgoneta',
  'costabrava',
  'asturias',
  'picosdeeuropa',
];

type Log = (message: string) => void;

async function timed(log: Log, label: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** True when the database already holds this scale's data (a marker row written last). */
export async function isSeeded(db: Db): Promise<boolean> {
  await sql`create table if not exists bench_seed (version int primary key, seeded_at timestamptz not null default now())`.execute(
    db,
  );
  const { rows } = await sql<{
    version: number;
  }>`select version from bench_seed where version = ${BENCH_SCALE.version}`.execute(db);
  return rows.length > 0;
}

const firstId = async (db: Db, table: 'users' | 'posts', where = sql`true`) =>
  Number(
    (await sql<{ id: string }>`select min(id) as id from ${sql.table(table)} where ${where}`.execute(db))
      .rows[0]!.id,
  );

/**
 * Fills the bench database with set-based SQL (generate_series): 10k users, 100k posts with a hashtag
 * each, 1M likes, 300k comments (200k top-level, 100k replies), 200k follows and the notifications they
 * made, counters consistent; 100k map places around Spain's towns (map-scale-seed.ts).
 * Every post points at `media`, one small stored photo. Skips everything when already seeded.
 */
export async function seedAtScale(
  db: Db,
  media: { media: string; width: number; height: number },
  log: Log,
): Promise<boolean> {
  if (await isSeeded(db)) return false;
  // Expects a freshly migrated database: only the official account exists.
  const s = BENCH_SCALE;
  log(
    `seeding ${s.users.toLocaleString('en')} users, ${s.posts.toLocaleString('en')} posts, ${(s.posts * s.likesPerPost).toLocaleString('en')} likes, ${(s.posts * (s.commentsPerPost + s.commentsPerPost / s.repliesEvery)).toLocaleString('en')} comments…`,
  );
  const passwordHash = await hashPassword(BENCH_LOGIN.password);

  await timed(log, 'users', () =>
    sql`insert into users (username, email, password_hash, description, img_profile, is_official, activated_at, created_at)
        select case when i = 1 then ${BENCH_LOGIN.username} else 'viajero_' || i end,
               case when i = 1 then 'bench@example.com' end,
               case when i = 1 then ${passwordHash} end,
               'Nómada número ' || i, '/media/avatars/bench.webp', false, now(), now() - interval '400 days'
        from generate_series(1, ${s.users}) as i`.execute(db),
  );
  const u0 = await firstId(db, 'users', sql`not is_official`);
  // Oldest first, so ids follow time as they do in production.
  await timed(log, 'posts', () =>
    sql`insert into posts (url, user_id, media, media_width, media_height, text, likes_count, comments_count, created_at, updated_at)
        select 'ruta-numero-' || i, ${u0} + (i * 7919) % ${s.users}, ${media.media}, ${media.width}, ${media.height},
               'Ruta número ' || i || ' por el norte. Área tranquila, agua y vaciado. #' || (array[${sql.join(TAGS)}]::text[])[1 + i % ${TAGS.length}] || ' #autocaravana',
               0, 0, now() - (${s.posts} - i) * interval '2 minutes', now() - (${s.posts} - i) * interval '2 minutes'
        from generate_series(1, ${s.posts}) as i`.execute(db),
  );
  await timed(log, 'hashtags', () =>
    sql`insert into post_hashtags (tag, post_id)
        select (array[${sql.join(TAGS)}]::text[])[1 + id % ${TAGS.length}], id from posts
        union all select 'autocaravana', id from posts where id % ${TAGS.length} <> 3`.execute(db),
  );
  const p0 = await firstId(db, 'posts');
  await timed(log, 'likes', () =>
    sql`insert into post_likes (post_id, user_id, created_at)
        select ${p0} + p, ${u0} + (p * 31 + k * 1009) % ${s.users}, now() from generate_series(0, ${s.posts - 1}) as p, generate_series(0, ${s.likesPerPost - 1}) as k`.execute(
      db,
    ),
  );
  await timed(log, 'comments', async () => {
    await sql`insert into comments (post_id, user_id, text, created_at)
        select ${p0} + p, ${u0} + (p * 13 + k * 4001) % ${s.users}, '¡Qué pasada de sitio! ¿Dónde pernoctasteis?', now() - (${s.posts} - p) * interval '2 minutes' + k * interval '1 minute'
        from generate_series(0, ${s.posts - 1}) as p, generate_series(1, ${s.commentsPerPost}) as k order by p, k`.execute(
      db,
    );
    await sql`insert into comments (post_id, user_id, parent_id, text, created_at)
        select post_id, ${u0} + (id * 17) % ${s.users}, id, 'En el área del pueblo, muy tranquila.', created_at + interval '30 seconds'
        from comments where id % ${s.repliesEvery} = 0 order by id`.execute(db);
  });
  await timed(log, 'follows', () =>
    sql`insert into follows (follower_id, followed_id, created_at)
        select ${u0} + u, ${u0} + (u + k * 499) % ${s.users}, now() from generate_series(0, ${s.users - 1}) as u, generate_series(1, 20) as k
        on conflict do nothing`.execute(db),
  );
  // What those likes, comments, replies and follows told their people; 1 in 50 still pending, and all of the
  // bench login's, so its count reaches the cap that GET /api/notifications_nv counts up to.
  await timed(log, 'notifications', () =>
    sql`insert into notifications (user_id, actor_id, type, post_id, comment_id, created_at, seen_at)
        select user_id, actor_id, type, post_id, comment_id, created_at,
               case when user_id = ${u0} or (actor_id + coalesce(post_id, 0)) % 50 = 0 then null else now() end
        from (
          select p.user_id, l.user_id as actor_id, 'post_like' as type, p.id as post_id, null::bigint as comment_id, p.created_at + interval '1 hour' as created_at
          from post_likes l join posts p on p.id = l.post_id where l.user_id <> p.user_id
          union all
          select p.user_id, c.user_id, 'post_comment', p.id, c.id, c.created_at
          from comments c join posts p on p.id = c.post_id where c.parent_id is null and c.user_id <> p.user_id
          union all
          select pc.user_id, c.user_id, 'comment_reply', c.post_id, c.id, c.created_at
          from comments c join comments pc on pc.id = c.parent_id where c.user_id <> pc.user_id
          union all
          select followed_id, follower_id, 'follow', null, null, created_at from follows
        ) n order by created_at`.execute(db),
  );
  await timed(log, 'counters', () =>
    sql`update posts p set likes_count = l.n, comments_count = c.n
        from (select post_id, count(*)::int as n from post_likes group by post_id) l,
             (select post_id, count(*)::int as n from comments group by post_id) c
        where l.post_id = p.id and c.post_id = p.id`.execute(db),
  );
  await timed(log, 'map points', () => seedMapAtScale(db));
  await timed(log, 'vacuum analyze', () => sql`vacuum analyze`.execute(db));
  await sql`insert into bench_seed (version) values (${s.version})`.execute(db);
  return true;
}
