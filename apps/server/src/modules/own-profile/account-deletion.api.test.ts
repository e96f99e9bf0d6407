import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, USERNAME_RESERVED_DAYS, VIDEO_UPLOAD_PATH } from '@nomadas/shared';
import { imageKeys } from '../../media/images.js';
import { createChannel, createVideo } from '../../test/channels-factory.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPost, listMediaFiles, makePhoto } from '../../test/posts-factory.js';
import { videoDirs } from '../videos/video-files.js';
import { userViewer } from '../channels/channel-videos.queries.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

type Session = Awaited<ReturnType<TestServer['createSession']>>;

/** Every column of every table that points at users.id, found in the catalogue (new tables included). */
async function userReferences(): Promise<Array<{ table: string; column: string }>> {
  const { rows } = await sql<{ table: string; column: string }>`
    select kcu.table_name as "table", kcu.column_name as "column"
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users' and ccu.column_name = 'id'`.execute(
    t.db,
  );
  return rows;
}

async function rowsPointingAt(userId: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await userReferences()) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(t.db);
    if (rows[0]!.n > 0) found.push(`${table}.${column}: ${rows[0]!.n}`);
  }
  return found;
}

const comment = async (who: { token: string }, url: string, c: string, p = 0) =>
  (await t.post(`/api/comment/create/${url}`, { token: who.token, body: { c, p } })).body.data.id as number;

/** A post's counters next to the rows they count. */
async function countersOf(url: string) {
  const post = await t.db
    .selectFrom('posts')
    .select(['id', 'likes_count', 'comments_count', 'reports_count', 'report_weight'])
    .where('url', '=', url)
    .executeTakeFirstOrThrow();
  const count = async (table: 'post_likes' | 'comments' | 'post_reports') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('post_id', '=', post.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    likes: [post.likes_count, await count('post_likes')],
    comments: [post.comments_count, await count('comments')],
    reports: [post.reports_count, await count('post_reports')],
  };
}

async function register(username: string, email: string) {
  return t.post('/api/register', {
    body: { username, email, password: 'ruta-de-la-plata', password_confirmation: 'ruta-de-la-plata' },
  });
}

/** A video upload begun with its first bytes and never finished (tus); answers its id. */
async function unfinishedUpload(who: Session): Promise<string> {
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const tus = (method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
    fetch(`${t.baseUrl}${url}`, {
      method,
      headers: { 'tus-resumable': '1.0.0', 'api-token': who.token, ...headers },
      body: body && new Uint8Array(body),
    });
  const created = await tus('POST', VIDEO_UPLOAD_PATH, {
    'upload-length': '100000',
    'upload-metadata': `title ${base64('Ruta a medias')},filename ${base64('ruta.mp4')}`,
  });
  expect(created.status, await created.text()).toBe(201);
  const location = created.headers.get('location')!;
  const patched = await tus(
    'PATCH',
    location,
    { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    Buffer.alloc(4096, 1),
  );
  expect(patched.status).toBe(204);
  return location.split('/').pop()!;
}

const uploadFiles = async () => (await fs.readdir(videoDirs(t.config).uploads)).sort();

/** A new place near Astorga, as the map's form sends it. */
const mapPlace = (name: string) => ({ kind: 'default', name, lat: 42.4571, lng: -6.0594 });
/** Somebody else's draft place, which the user under test confirms and reviews. */
let theirPlace: () => Promise<string>;
let mapPlaces: { mine: string; theirs: string };
let uploads: { mine: string; theirs: string };

describe('account deletion', () => {
  let me: Session;
  let other: Session;
  let third: Session;
  let theirs: { url: string; media: string };
  let myFiles: string[];
  let replyId: number;
  let theirCommentId: number;

  beforeAll(async () => {
    me = await t.createSession();
    other = await t.createSession();
    third = await t.createSession();
    theirPlace = async () =>
      (await t.post('/api/map/location', { token: other.token, body: mapPlace('Su área') })).body.data
        .urlpoint;
    const form = new FormData();
    form.append('imgperfil', new Blob([new Uint8Array(await makePhoto())]), 'a.jpg');
    form.append('imgcab', new Blob([new Uint8Array(await makePhoto({ width: 900, height: 300 }))]), 'c.jpg');
    const images = (await t.post('/api/perfil', { token: me.token, form })).body.data;

    const mine = [await createPost(t, me), await createPost(t, me, { text: 'Segundo post' })];
    const theirPost = await createPost(t, other, { text: 'El post de otra persona' });
    const theirStem = await t.db
      .selectFrom('posts')
      .select('media')
      .where('url', '=', theirPost.url)
      .executeTakeFirstOrThrow();
    theirs = { url: theirPost.url, media: theirStem.media };
    const stems = await t.db.selectFrom('posts').select('media').where('user_id', '=', me.id).execute();
    myFiles = [
      ...stems.flatMap((row) => imageKeys(row.media)),
      images.i.replace('/media/', ''),
      images.ic.replace('/media/', ''),
    ];

    // My marks on their post: a comment (which they answer), a reply to their comment, likes, a report.
    const myComment = await comment(me, theirs.url, 'Mi comentario');
    replyId = await comment(other, theirs.url, 'Su respuesta a mi comentario', myComment);
    theirCommentId = await comment(other, theirs.url, 'Su comentario');
    await comment(me, theirs.url, 'Mi respuesta a su comentario', theirCommentId);
    await t.post(`/api/like/post/${theirs.url}`, { token: me.token });
    await t.post(`/api/like/post/${theirs.url}`, { token: third.token });
    await t.post(`/api/comment/like/${theirCommentId}`, { token: me.token });
    await t.post(`/api/comment/like/${theirCommentId}`, { token: third.token });
    await t.post(`/api/denuncia/post/${theirs.url}`, { token: me.token });
    // Theirs on mine, and follows both ways.
    await comment(other, mine[0]!.url, 'Bonita foto');
    await t.post(`/api/like/post/${mine[0]!.url}`, { token: other.token });
    await t.post(`/api/follow/user/${other.username}`, { token: me.token });
    await t.post(`/api/follow/user/${me.username}`, { token: other.token });
    await t.post('/api/contacto', {
      token: me.token,
      body: { name: 'Yo', email: me.email, subject: 'Hola', message: 'Un mensaje mío' },
    });
    await t.post('/api/perfil/email', {
      token: me.token,
      body: { email: `nueva.${me.email}`, password: me.password },
    });
    await t.post('/api/perfil/export', { token: me.token, body: { password: me.password } });
    // On the map: a place I added, my review and confirmation of theirs, a report, my live position.
    const myPlace = (await t.post('/api/map/location', { token: me.token, body: mapPlace('Mi área') })).body
      .data;
    mapPlaces = { mine: myPlace.urlpoint, theirs: await theirPlace() };
    const placePhoto = new FormData();
    placePhoto.append('media', new Blob([new Uint8Array(await makePhoto({ width: 700 }))]), 'area.jpg');
    const withPhoto = await t.post(`/api/map/location/${mapPlaces.mine}/photo`, {
      token: me.token,
      form: placePhoto,
    });
    expect(withPhoto.body.state, JSON.stringify(withPhoto.body)).toBe('OK');
    const placeStem = await t.db
      .selectFrom('map_locations')
      .select('photos')
      .where('urlpoint', '=', mapPlaces.mine)
      .executeTakeFirstOrThrow();
    myFiles.push(...placeStem.photos.flatMap((stem) => imageKeys(stem)));
    await t.post(`/api/map/location/${mapPlaces.theirs}/confirm`, { token: me.token });
    await t.post(`/api/map/location/${mapPlaces.theirs}/confirm`, { token: third.token });
    await t.db
      .updateTable('map_locations')
      .set({ status: 'public' })
      .where('urlpoint', '=', mapPlaces.theirs)
      .execute();
    await t.post(`/api/map/location/${mapPlaces.theirs}/review`, {
      token: me.token,
      body: { stars: 1, stayed: '2025-06-01' },
    });
    await t.post(`/api/map/location/${mapPlaces.theirs}/review`, {
      token: third.token,
      body: { stars: 5, stayed: '2025-06-02' },
    });
    await t.post(`/api/map/location/${mapPlaces.theirs}/report`, {
      token: me.token,
      body: { reason: 'Está cerrada' },
    });
    await t.db
      .insertInto('live_positions')
      .values({ user_id: me.id, lat: 42, lng: -6, type: 1, until_at: new Date(Date.now() + 60_000) })
      .execute();
    // A video upload of mine, and one of somebody else, both unfinished.
    await createChannel(t, me);
    const theirChannel = await createChannel(t, other);
    // A video of theirs I watched (views name their viewer by a text, not a foreign key).
    const theirVideo = await createVideo(t, theirChannel);
    const view = await t.post(`/api/canales/${theirChannel.url}/${theirVideo.name}/view`, {
      token: me.token,
    });
    expect(view.body.state, JSON.stringify(view.body)).toBe('OK');
    uploads = { mine: await unfinishedUpload(me), theirs: await unfinishedUpload(other) };
    await t.ctx.outbox.flush();
    await t.db
      .insertInto('moderation_log')
      .values({
        action: 'remove',
        post_url: 'un-post-retirado',
        author_id: me.id,
        moderator_id: other.id,
        reports_count: 3,
        report_weight: 3,
      })
      .execute();
  });

  it('refuses a wrong password and touches nothing', async () => {
    const answer = await t.post('/api/perfil/delete', {
      token: me.token,
      body: { password: 'no-es-la-mia' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.passwordWrong });
    expect((await t.post('/api/perfil/delete', { token: me.token, body: {} })).body.msg).toBe(
      MSG.passwordConfirmRequired,
    );
    expect((await t.post('/api/perfil/delete', { body: { password: me.password } })).status).toBe(401);
    expect((await t.get('/api/perfil', { token: me.token })).status).toBe(200);
  });

  it('leaves no row or file of theirs, and keeps everybody else’s data and counters right', async () => {
    const secondDevice = (
      await t.post('/api/login', { body: { username: me.username, password: me.password } })
    ).body.token as string;
    expect(await rowsPointingAt(me.id)).not.toEqual([]);
    const filesBefore = await listMediaFiles(t);
    for (const file of myFiles) expect(filesBefore).toContain(file);
    const uploadsBefore = await uploadFiles();
    expect(uploadsBefore).toEqual(
      expect.arrayContaining([
        uploads.mine,
        `${uploads.mine}.json`,
        uploads.theirs,
        `${uploads.theirs}.json`,
      ]),
    );

    const answer = await t.post('/api/perfil/delete', { token: me.token, body: { password: me.password } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ state: 'OK', msg: MSG.accountDeleted });

    expect((await t.get('/api/perfil', { token: me.token })).status).toBe(401);
    expect((await t.get('/api/perfil', { token: secondDevice })).status).toBe(401);
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', me.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await rowsPointingAt(me.id)).toEqual([]);
    expect(
      await t.db.selectFrom('video_views').select('viewer').where('viewer', '=', userViewer(me.id)).execute(),
    ).toEqual([]);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where(sql<string>`lower(to_address)`, 'in', [me.email, `nueva.${me.email}`])
      .execute();
    expect(mail).toEqual([]);
    const contact = await t.db
      .selectFrom('contact_messages')
      .select('id')
      .where('email', '=', me.email)
      .execute();
    expect(contact).toEqual([]);

    const filesAfter = await listMediaFiles(t);
    for (const file of myFiles) expect(filesAfter).not.toContain(file);
    expect(filesAfter).toEqual(filesBefore.filter((file) => !myFiles.includes(file)));
    for (const key of imageKeys(theirs.media)) expect(filesAfter).toContain(key);
    // My unfinished upload is gone; theirs is still there to be resumed.
    expect(await uploadFiles()).toEqual(uploadsBefore.filter((name) => !name.startsWith(uploads.mine)));
    expect(await uploadFiles()).toContain(uploads.theirs);

    // Their post lost my like, my comments and my report; the counters say the same as the rows.
    const counters = await countersOf(theirs.url);
    expect(counters).toEqual({ likes: [1, 1], comments: [2, 2], reports: [0, 0] });
    // Their reply to my comment stays, now on its own; their comment lost my like only.
    const reply = await t.db
      .selectFrom('comments')
      .select(['parent_id', 'text'])
      .where('id', '=', String(replyId))
      .executeTakeFirst();
    expect(reply).toEqual({ parent_id: null, text: 'Su respuesta a mi comentario' });
    const theirComment = await t.db
      .selectFrom('comments')
      .select('likes_count')
      .where('id', '=', String(theirCommentId))
      .executeTakeFirstOrThrow();
    expect(theirComment.likes_count).toBe(1);
    const listed = await t.get(`/api/comment/get/${theirs.url}`, { token: other.token });
    expect(listed.body.data.map((c: { comentario: string }) => c.comentario).sort()).toEqual(
      ['Su comentario', 'Su respuesta a mi comentario'].sort(),
    );

    // The others carry on; moderation keeps its log, no longer naming me.
    expect((await t.get('/api/perfil', { token: other.token })).status).toBe(200);
    expect((await t.get(`/api/post/${theirs.url}`, { token: third.token })).body.data.likes).toBe(1);
    const log = await t.db
      .selectFrom('moderation_log')
      .select(['author_id', 'moderator_id'])
      .where('post_url', '=', 'un-post-retirado')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ author_id: null, moderator_id: other.id });

    // The map keeps the place I added, no longer mine and without my photos; theirs lost my review and
    // confirmation from its counts.
    const places = await t.db
      .selectFrom('map_locations')
      .select(['urlpoint', 'author_id', 'photos', 'confirmations', 'reviews_count', 'rating_sum'])
      .where('urlpoint', 'in', [mapPlaces.mine, mapPlaces.theirs])
      .orderBy('urlpoint')
      .execute();
    expect(places).toEqual(
      [
        {
          urlpoint: mapPlaces.mine,
          author_id: null,
          photos: [],
          confirmations: 0,
          reviews_count: 0,
          rating_sum: 0,
        },
        {
          urlpoint: mapPlaces.theirs,
          author_id: other.id,
          photos: [],
          confirmations: 1,
          reviews_count: 1,
          rating_sum: 5,
        },
      ].sort((a, b) => a.urlpoint.localeCompare(b.urlpoint)),
    );
  });

  it(`reserves the username for ${USERNAME_RESERVED_DAYS} days; the e-mail is free at once`, async () => {
    const reserved = await t.db
      .selectFrom('reserved_usernames')
      .select('release_at')
      .where('username', '=', me.username)
      .executeTakeFirstOrThrow();
    const days = (reserved.release_at.getTime() - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(USERNAME_RESERVED_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(USERNAME_RESERVED_DAYS);

    const taken = await register(me.username, `otra.${me.email}`);
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ state: 'KO', msg: MSG.usernameTaken });
    const sameEmail = await register(`${me.username.slice(0, 20)}_2`, me.email);
    expect(sameEmail.body).toEqual({ state: 'OK', msg: MSG.registered });
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', me.email).executeTakeFirst(),
    ).toBeDefined();

    // Thirty days later (the reservation's date moved back, rather than waiting).
    await t.db
      .updateTable('reserved_usernames')
      .set({ release_at: new Date(Date.now() - 1000) })
      .where('username', '=', me.username)
      .execute();
    const free = await register(me.username, `de.nuevo.${me.email}`);
    expect(free.body).toEqual({ state: 'OK', msg: MSG.registered });
  });
});
