import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, NEXT_VIDEOS_MAX } from '@nomadas/shared';
import { createChannel, createVideo, originalStored } from '../../test/channels-factory.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { listMediaFiles, makePhoto } from '../../test/posts-factory.js';

let t: TestServer;
type Session = Awaited<ReturnType<TestServer['createSession']>>;
let owner: Session;
let other: Session;
beforeAll(async () => {
  t = await startTestServer();
  [owner, other] = await Promise.all([t.createSession(), t.createSession()]);
});
afterAll(() => t?.close());

const channelRow = (id: string) =>
  t.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const videoRow = (id: string) =>
  t.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();

/** A user with a channel of their own (and a ready video unless told). */
async function channelOwner(options: { videos?: number } = {}) {
  const user = await t.createSession();
  const channel = await createChannel(t, user);
  const videos = [];
  for (let i = 0; i < (options.videos ?? 1); i++) videos.push(await createVideo(t, channel));
  return { user, channel, videos };
}

describe('POST /api/canales', () => {
  it('creates the caller’s channel with a url from its name, unique with a suffix', async () => {
    const [ana, bea] = await Promise.all([t.createSession(), t.createSession()]);
    const created = await t.post('/api/canales', {
      token: ana.token,
      body: { nombre: '  Ruta Ñandú por Ávila ', descripcion: 'Vídeos de ruta' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      state: 'OK',
      msg: MSG.channelCreated,
      data: {
        url: 'ruta-nandu-por-avila',
        nombre: 'Ruta Ñandú por Ávila',
        descripcion: 'Vídeos de ruta',
        username: ana.username,
        img_perfil: '',
        subs: 0,
        videos: 0,
        self: true,
        subscribed: false,
      },
    });
    const second = await t.post('/api/canales', {
      token: bea.token,
      body: { nombre: 'Ruta Ñandú por Ávila' },
    });
    expect(second.body.data.url).toBe('ruta-nandu-por-avila-2');

    const mine = await t.get('/api/canal', { token: ana.token });
    expect(mine.body.data).toMatchObject({ canal: { url: 'ruta-nandu-por-avila' }, videos: [] });
    expect(mine.body.data.maxBytes).toBe(500 * 1024 * 1024);
  });

  it('refuses a second channel, a taken url and bad fields, with their messages', async () => {
    const [ana, bea] = await Promise.all([t.createSession(), t.createSession()]);
    const first = await t.post('/api/canales', {
      token: ana.token,
      body: { nombre: 'Canal de Ana', url: 'ana-viaja' },
    });
    expect(first.body.data.url).toBe('ana-viaja');
    const again = await t.post('/api/canales', { token: ana.token, body: { nombre: 'Otro canal' } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ state: 'KO', msg: MSG.channelExists });
    const taken = await t.post('/api/canales', {
      token: bea.token,
      body: { nombre: 'Canal de Bea', url: 'Ana-Viaja' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.msg).toBe(MSG.channelUrlTaken);

    const refusals: Array<[unknown, string]> = [
      [{}, MSG.channelNameInvalid],
      [{ nombre: 'ab' }, MSG.channelNameInvalid],
      [{ nombre: 'Canal de Bea', url: 'con espacios' }, MSG.channelUrlInvalid],
      [{ nombre: 'Canal de Bea', url: 'guion-' }, MSG.channelUrlInvalid],
      [{ nombre: 'Canal de Bea', descripcion: 'x'.repeat(1001) }, MSG.channelDescriptionTooLong],
    ];
    for (const [body, msg] of refusals) {
      const answer = await t.post('/api/canales', { token: bea.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg, JSON.stringify(body)).toBe(msg);
    }
    expect((await t.post('/api/canales', { body: { nombre: 'Sin sesión' } })).status).toBe(401);
    expect((await t.get('/api/canal')).status).toBe(401);
    expect((await t.get('/api/canal', { token: bea.token })).body.data).toMatchObject({
      canal: null,
      videos: [],
    });
  });
});

describe('GET /api/canales', () => {
  it('orders featured by newest video, popular by subscribers, new by creation; pages without overlap', async () => {
    // A database of its own is not needed: the three channels made here are compared among themselves.
    const quiet = await channelOwner({ videos: 0 });
    const popular = await channelOwner();
    const fresh = await channelOwner();
    await t.db
      .updateTable('channels')
      .set({ subscribers: 1000 })
      .where('id', '=', popular.channel.id)
      .execute();
    await createVideo(t, fresh.channel);
    await createVideo(t, fresh.channel);
    await createVideo(t, fresh.channel, { state: 'procesando' });

    const urls = async (orden: string) => {
      const answer = await t.get(`/api/canales?orden=${orden}&l=48`);
      expect(answer.status).toBe(200);
      return (answer.body.data.data as Array<{ url: string }>).map((c) => c.url);
    };
    const featured = await urls('destacados');
    expect(featured.indexOf(fresh.channel.url)).toBeLessThan(featured.indexOf(popular.channel.url));
    expect(featured).not.toContain(quiet.channel.url);
    expect((await urls('populares'))[0]).toBe(popular.channel.url);
    const newest = await urls('nuevos');
    expect(newest.slice(0, 3)).toEqual([fresh.channel.url, popular.channel.url, quiet.channel.url]);

    const card = (await t.get('/api/canales')).body.data.data.find(
      (c: { url: string }) => c.url === fresh.channel.url,
    );
    expect(card).toMatchObject({ videos: 3, subs: 0, username: fresh.user.username });
    expect(card.posters).toHaveLength(3);
    expect(card.posters[0]).toMatch(/^\/media\/posters\/.+\.webp$/);

    const first = await t.get('/api/canales?orden=nuevos&n=0&l=2');
    const second = await t.get('/api/canales?orden=nuevos&n=2&l=2');
    expect(first.body.data.fin).toBe(0);
    expect(first.body.data.data.map((c: { url: string }) => c.url)).toEqual(newest.slice(0, 2));
    expect(second.body.data.data.map((c: { url: string }) => c.url)).toEqual(newest.slice(2, 4));
    const last = await t.get(`/api/canales?orden=nuevos&n=${newest.length - 1}&l=2`);
    expect(last.body.data).toMatchObject({ fin: 1, data: [{ url: newest.at(-1) }] });
    expect((await t.get('/api/canales?orden=raro')).status).toBe(400);
  });
});

describe('a channel’s page and a video’s page', () => {
  it('shows others only ready videos, and its owner every one with its progress', async () => {
    const { user, channel, videos } = await channelOwner();
    const processing = await createVideo(t, channel, { state: 'procesando' });

    const visitor = await t.get(`/api/canales/${channel.url}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.canal).toMatchObject({
      url: channel.url,
      self: false,
      subscribed: false,
      videos: 1,
    });
    expect(visitor.body.data.videos.map((v: { name: string }) => v.name)).toEqual([videos[0]!.name]);
    expect(visitor.body.data.videos[0]).toMatchObject({ state: 'lista', progress: 100, canal: channel.url });

    const mine = await t.get(`/api/canales/${channel.url.toUpperCase()}`, { token: user.token });
    expect(mine.body.data.canal.self).toBe(true);
    expect(mine.body.data.videos).toMatchObject([
      { name: processing.name, state: 'procesando', progress: 40, poster: '' },
      { name: videos[0]!.name, state: 'lista' },
    ]);
    const own = await t.get('/api/canal', { token: user.token });
    expect(own.body.data.videos).toHaveLength(2);

    expect((await t.get(`/api/canales/${channel.url}/${processing.name}`)).status).toBe(404);
    const ownProcessing = await t.get(`/api/canales/${channel.url}/${processing.name}`, {
      token: user.token,
    });
    expect(ownProcessing.body.data.video).toMatchObject({ state: 'procesando', src: '', self: true });
  });

  it('answers a video with its channel and the next ones; unknown names are 404 with their message', async () => {
    const { channel, videos } = await channelOwner({ videos: NEXT_VIDEOS_MAX + 2 });
    const watched = videos[3]!;
    const page = await t.get(`/api/canales/${channel.url}/${watched.name}`, { token: other.token });
    expect(page.status).toBe(200);
    expect(page.body.data.video).toMatchObject({
      name: watched.name,
      canal: channel.url,
      src: `/media/${watched.video_key}`,
      poster: `/media/${watched.poster_key}`,
      width: 1280,
      height: 720,
      islike: false,
      self: false,
    });
    expect(page.body.data.canal.url).toBe(channel.url);
    const next = page.body.data.next.map((v: { name: string }) => v.name);
    expect(next).toHaveLength(NEXT_VIDEOS_MAX);
    expect(next).not.toContain(watched.name);
    expect(next[0]).toBe(videos.at(-1)!.name);

    const unknownChannel = await t.get('/api/canales/no-existe');
    expect(unknownChannel).toMatchObject({ status: 404, body: { state: 'KO', msg: MSG.channelUnknown } });
    const unknownVideo = await t.get(`/api/canales/${channel.url}/no-existe`);
    expect(unknownVideo).toMatchObject({ status: 404, body: { state: 'KO', msg: MSG.videoUnknown } });
    expect((await t.get('/api/canales/no-existe/tampoco')).body.msg).toBe(MSG.channelUnknown);
  });
});

describe('owners’ writes', () => {
  it('edits the channel and its videos; 403 for anybody else, 404 for unknown ones', async () => {
    const { user, channel, videos } = await channelOwner();
    const video = videos[0]!;
    const edited = await t.post(`/api/canales/${channel.url}/edit`, {
      token: user.token,
      body: { nombre: 'Nuevo nombre', descripcion: 'Otra descripción' },
    });
    expect(edited.body).toMatchObject({
      msg: MSG.channelSaved,
      data: { url: channel.url, nombre: 'Nuevo nombre', descripcion: 'Otra descripción' },
    });
    const videoEdit = await t.post(`/api/canales/${channel.url}/${video.name}/edit`, {
      token: user.token,
      body: { title: 'Título nuevo', descripcion: 'Con texto' },
    });
    expect(videoEdit.body).toMatchObject({
      msg: MSG.videoSaved,
      data: { title: 'Título nuevo', descripcion: 'Con texto' },
    });
    const badTitle = await t.post(`/api/canales/${channel.url}/${video.name}/edit`, {
      token: user.token,
      body: { title: 'x' },
    });
    expect(badTitle.body.msg).toBe(MSG.videoTitleInvalid);

    for (const path of [
      `/api/canales/${channel.url}/edit`,
      `/api/canales/${channel.url}/delete`,
      `/api/canales/${channel.url}/${video.name}/edit`,
      `/api/canales/${channel.url}/${video.name}/delete`,
    ]) {
      const answer = await t.post(path, { token: other.token, body: { nombre: 'Robado', title: 'Robado' } });
      expect(answer.status, path).toBe(403);
      expect(answer.body.msg, path).toBe(MSG.forbidden);
    }
    const avatar = new FormData();
    avatar.append('media', new Blob([new Uint8Array(await makePhoto())], { type: 'image/jpeg' }), 'a.jpg');
    expect(
      (await t.post(`/api/canales/${channel.url}/avatar`, { token: other.token, form: avatar })).status,
    ).toBe(403);

    expect((await t.post('/api/canales/no-existe/delete', { token: user.token })).status).toBe(404);
    expect((await t.post(`/api/canales/${channel.url}/no-existe/delete`, { token: user.token })).status).toBe(
      404,
    );
    expect((await t.post(`/api/canales/${channel.url}/delete`)).status).toBe(401);
    expect((await channelRow(channel.id)).name).toBe('Nuevo nombre');
    expect((await videoRow(video.id))?.title).toBe('Título nuevo');
  });

  it('sets the avatar and cover through the image pipeline, replacing the old files', async () => {
    const { user, channel } = await channelOwner({ videos: 0 });
    const upload = async (kind: string, image: Buffer) => {
      const form = new FormData();
      form.append('media', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'foto.jpg');
      return t.post(`/api/canales/${channel.url}/${kind}`, { token: user.token, form });
    };
    const first = await upload('avatar', await makePhoto());
    expect(first.body.data.img_perfil).toMatch(/^\/media\/posts\/.+-thumb\.webp$/);
    const firstStem = (await channelRow(channel.id)).avatar!;
    const cover = await upload('cover', await makePhoto({ width: 300, height: 100 }));
    expect(cover.body.data.img_portada).toMatch(/^\/media\/posts\/.+-1440\.webp$/);
    expect(cover.body.data.img_perfil).toBe(first.body.data.img_perfil);
    await upload('avatar', await makePhoto());
    const files = await listMediaFiles(t);
    expect(files.some((file) => file.startsWith(firstStem))).toBe(false);

    const notImage = await upload('avatar', Buffer.from('no soy una foto'));
    expect(notImage.status).toBe(400);
    expect(notImage.body.msg).toBe(MSG.postImageInvalid);
  });

  it('deletes a video and its files, keeping the channel’s count', async () => {
    const { user, channel, videos } = await channelOwner({ videos: 2 });
    const [gone, kept] = videos as [(typeof videos)[number], (typeof videos)[number]];
    const processing = await createVideo(t, channel, { state: 'procesando' });
    expect((await channelRow(channel.id)).videos_ready).toBe(2);
    expect(await originalStored(t, processing.original_key!)).toBe(true);

    const deleted = await t.post(`/api/canales/${channel.url}/${gone.name}/delete`, { token: user.token });
    expect(deleted.body).toEqual({ state: 'OK', msg: MSG.videoDeleted });
    await t.post(`/api/canales/${channel.url}/${processing.name}/delete`, { token: user.token });
    expect(await videoRow(gone.id)).toBeUndefined();
    expect((await channelRow(channel.id)).videos_ready).toBe(1);
    const files = await listMediaFiles(t);
    expect(files).not.toContain(gone.video_key);
    expect(files).not.toContain(gone.poster_key);
    expect(files).toContain(kept.video_key);
    expect(await originalStored(t, processing.original_key!)).toBe(false);
  });

  it('deletes the channel with its videos, their files and its images', async () => {
    const { user, channel, videos } = await channelOwner({ videos: 2 });
    const processing = await createVideo(t, channel, { state: 'procesando' });
    const form = new FormData();
    form.append('media', new Blob([new Uint8Array(await makePhoto())], { type: 'image/jpeg' }), 'a.jpg');
    await t.post(`/api/canales/${channel.url}/cover`, { token: user.token, form });
    const cover = (await channelRow(channel.id)).cover!;
    await t.post(`/api/subscribe/${channel.url}`, { token: other.token });

    const deleted = await t.post(`/api/canales/${channel.url}/delete`, { token: user.token });
    expect(deleted.body).toEqual({ state: 'OK', msg: MSG.channelDeleted });
    expect((await t.get(`/api/canales/${channel.url}`)).status).toBe(404);
    const left = await t.db.selectFrom('videos').select('id').where('channel_id', '=', channel.id).execute();
    expect(left).toEqual([]);
    const files = await listMediaFiles(t);
    for (const key of videos.flatMap((v) => [v.video_key, v.poster_key])) expect(files).not.toContain(key);
    expect(await originalStored(t, processing.original_key!)).toBe(false);
    expect(files.some((file) => file.startsWith(cover))).toBe(false);
    // The owner may start again.
    const again = await t.post('/api/canales', { token: user.token, body: { nombre: 'Segunda vida' } });
    expect(again.status).toBe(200);
  });
});

describe('likes, views and subscriptions', () => {
  it('toggles a like, consistent under 20 parallel clicks of one user', async () => {
    const { channel, videos } = await channelOwner();
    const path = `/api/canales/${channel.url}/${videos[0]!.name}/like`;
    expect((await t.post(path, { token: other.token })).body).toEqual({
      state: 'OK',
      data: { islike: true, likes: 1 },
    });
    expect((await t.post(path, { token: other.token })).body).toEqual({
      state: 'OK',
      data: { islike: false, likes: 0 },
    });

    const answers = await Promise.all(Array.from({ length: 20 }, () => t.post(path, { token: other.token })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const rows = await t.db
      .selectFrom('video_likes')
      .select('user_id')
      .where('video_id', '=', videos[0]!.id)
      .execute();
    expect([0, 1]).toContain(rows.length);
    expect((await videoRow(videos[0]!.id))?.likes).toBe(rows.length);
    const page = await t.get(`/api/canales/${channel.url}/${videos[0]!.name}`, { token: other.token });
    expect(page.body.data.video).toMatchObject({ islike: rows.length === 1, likes: rows.length });

    expect((await t.post(path)).status).toBe(401);
    const processing = await createVideo(t, channel, { state: 'procesando' });
    expect(
      (await t.post(`/api/canales/${channel.url}/${processing.name}/like`, { token: other.token })).status,
    ).toBe(404);
  });

  it('counts a view once a day per user or visitor, and never stores an address', async () => {
    const { channel, videos } = await channelOwner();
    const path = `/api/canales/${channel.url}/${videos[0]!.name}/view`;
    expect((await t.post(path)).body).toEqual({ state: 'OK', data: { views: 1 } });
    // The same visitor (the same address) again.
    expect((await t.post(path)).body.data.views).toBe(1);
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => t.post(path, { token: other.token })),
    );
    expect(parallel.map((answer) => answer.body.data.views)).toEqual(Array(10).fill(2));
    expect((await t.post(path, { token: owner.token })).body.data.views).toBe(3);
    expect((await videoRow(videos[0]!.id))?.views).toBe(3);

    const rows = await t.db
      .selectFrom('video_views')
      .selectAll()
      .where('video_id', '=', videos[0]!.id)
      .execute();
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.viewer).join(' ')).not.toContain('127.0.0.1');
  });

  it('toggles a subscription with its count under parallel clicks; one’s own is refused', async () => {
    const { user, channel } = await channelOwner();
    const path = `/api/subscribe/${channel.url}`;
    expect((await t.post(path, { token: other.token })).body).toEqual({
      state: 'OK',
      data: { subscribed: true, subs: 1 },
    });
    const page = await t.get(`/api/canales/${channel.url}`, { token: other.token });
    expect(page.body.data.canal).toMatchObject({ subscribed: true, subs: 1 });
    expect((await t.post(path, { token: other.token })).body.data).toEqual({ subscribed: false, subs: 0 });

    const fans = await Promise.all(Array.from({ length: 4 }, () => t.createSession()));
    const clicks = await Promise.all(
      [...fans, ...fans, other].flatMap((fan) => [
        t.post(path, { token: fan.token }),
        t.post(path, { token: fan.token }),
      ]),
    );
    expect(clicks.every((answer) => answer.status === 200)).toBe(true);
    const rows = await t.db
      .selectFrom('channel_subscriptions')
      .select('user_id')
      .where('channel_id', '=', channel.id)
      .execute();
    expect((await channelRow(channel.id)).subscribers).toBe(rows.length);

    const own = await t.post(path, { token: user.token });
    expect(own).toMatchObject({ status: 400, body: { state: 'KO', msg: MSG.channelOwnSubscribe } });
    expect((await t.post('/api/subscribe/no-existe', { token: other.token })).status).toBe(404);
    expect((await t.post(path)).status).toBe(401);
  });
});
