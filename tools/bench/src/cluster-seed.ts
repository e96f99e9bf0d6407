import { sql } from 'kysely';
import { befriendHalves, prepareBenchUsers } from './bench-users.js';

/** The wall every case reads: posts by the bench's users, with likes, counters consistent. */
const POSTS = 20_000;
const LIKES_PER_POST = 5;

/**
 * A fresh database `database` with `users` users, each with a session whose token the bench keeps; user i and
 * user i + users/2 are friends (the chat's pairs, as in chat.ts, so messages are conversations, not first
 * requests), and the wall holds POSTS posts naming one photo (the wall's answer does not open it).
 */
export async function prepareClusterDatabase(
  base: string,
  database: string,
  users: number,
): Promise<{ url: string; users: { username: string; token: string }[] }> {
  return prepareBenchUsers(base, database, users, 'nomada_', async (db, userIds) => {
    await befriendHalves(db, userIds, Math.floor(users / 2));
    // The users' ids are consecutive: they were inserted in order into a fresh database.
    const u0 = Number(userIds[0]);
    await sql`insert into posts (url, user_id, media, media_width, media_height, text, likes_count, comments_count, created_at, updated_at)
        select 'ruta-' || i, ${u0} + (i * 7919) % ${users}, 'bench-cluster-photo', 480, 360,
               'Ruta ' || i || ' por la costa. Área tranquila, agua y vaciado. #autocaravana', 0, 0,
               now() - (${POSTS} - i) * interval '1 minute', now() - (${POSTS} - i) * interval '1 minute'
        from generate_series(1, ${POSTS}) as i`.execute(db);
    const p0 = Number((await sql<{ id: string }>`select min(id) as id from posts`.execute(db)).rows[0]!.id);
    await sql`insert into post_likes (post_id, user_id, created_at)
        select ${p0} + p, ${u0} + (p * 31 + k * 1009) % ${users}, now()
        from generate_series(0, ${POSTS - 1}) as p, generate_series(0, ${LIKES_PER_POST - 1}) as k
        on conflict do nothing`.execute(db);
    await sql`update posts p set likes_count = l.n
        from (select post_id, count(*)::int as n from post_likes group by post_id) l where l.post_id = p.id`.execute(
      db,
    );
    // The upgrade's one-off job (small thumbnails of older photos) would walk these posts during the loads.
    await sql`delete from jobs where kind = 'posts.small-thumbs'`.execute(db);
    await sql`vacuum analyze`.execute(db);
  });
}
