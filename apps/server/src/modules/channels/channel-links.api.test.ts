import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { createChannel, createVideo, originalStored } from '../../test/channels-factory.js';
import type { TestServer } from '../../test/harness.js';
import { listMediaFiles, makePhoto } from '../../test/posts-factory.js';
import { startTestServerWithPages } from '../../test/web-pages.js';
import { readZip } from '../../test/zip.js';
import { publishVideo } from './channels.service.js';

// What channels add to the rest of the app: notifications, search, profiles, link previews, the account.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServerWithPages();
});
afterAll(() => t?.close());

const processed = {
  videoKey: 'videos/aa/nuevo.mp4',
  posterKey: 'posters/aa/nuevo.webp',
  duration: 61.5,
  width: 1280,
  height: 720,
  sizeBytes: 12345,
};

describe('publishVideo', () => {
  it('makes the video ready, counts it and notifies every subscriber once, with the video as target', async () => {
    const owner = await t.createSession();
    const [fan, otherFan, bystander] = await Promise.all([
      t.createSession(),
      t.createSession(),
      t.createSession(),
    ]);
    const channel = await createChannel(t, owner, { name: 'Ruta Norte' });
    for (const user of [fan, otherFan]) await t.post(`/api/subscribe/${channel.url}`, { token: user.token });
    const video = await createVideo(t, channel, { state: 'procesando', title: 'Llegada a Finisterre' });

    const notified = await publishVideo(t.db, video.id, processed);
    expect(notified.sort()).toEqual([fan.id, otherFan.id].sort());
    const row = await t.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      state: 'lista',
      progress: 100,
      video_key: processed.videoKey,
      poster_key: processed.posterKey,
      original_key: null,
      duration: 61.5,
      width: 1280,
      height: 720,
    });
    expect(row.published_at).not.toBeNull();
    const counted = await t.db
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', channel.id)
      .executeTakeFirstOrThrow();
    expect(counted.videos_ready).toBe(1);
    expect(counted.last_video_at).not.toBeNull();

    const list = await t.get('/api/notifications', { token: fan.token });
    expect(list.body.data.data[0]).toMatchObject({
      type: 'channel_video',
      actor: { username: owner.username },
      target: { kind: 'video', canal: channel.url, url: video.name, text: 'Llegada a Finisterre' },
      seen: false,
    });
    expect((await t.get('/api/notifications_nv', { token: fan.token })).body.data).toBe(1);
    expect((await t.get('/api/notifications', { token: bystander.token })).body.data.data).toEqual([]);

    // A job run twice publishes once; a video deleted meanwhile publishes nothing.
    expect(await publishVideo(t.db, video.id, processed)).toEqual([]);
    expect(
      (
        await t.db
          .selectFrom('channels')
          .select('videos_ready')
          .where('id', '=', channel.id)
          .executeTakeFirstOrThrow()
      ).videos_ready,
    ).toBe(1);
    const gone = await createVideo(t, channel, { state: 'procesando' });
    await t.post(`/api/canales/${channel.url}/${gone.name}/delete`, { token: owner.token });
    expect(await publishVideo(t.db, gone.id, processed)).toEqual([]);
    expect((await t.get('/api/notifications', { token: fan.token })).body.data.data).toHaveLength(1);
  });
});

describe('channels elsewhere', () => {
  it('are found by the search, by name or url, exact, prefix or near, not under # or @', async () => {
    const owner = await t.createSession();
    const channel = await createChannel(t, owner, { name: 'Rutas del Cantábrico', url: 'furgo-cantabrica' });
    const found = async (text: string) => {
      const answer = await t.get(`/api/search/all/${encodeURIComponent(text)}`);
      expect(answer.status).toBe(200);
      return (answer.body.data.c as Array<{ url: string; nombre: string; img_perfil: string }>).map(
        (c) => c.url,
      );
    };
    for (const text of [
      'rutas del cantabrico',
      'Rutas del',
      'RUTAS-DEL-CANTÁBRICO',
      'furgo-cant',
      'furgocantabrica',
      'rutas dell cantabrico',
    ]) {
      expect(await found(text), text).toContain(channel.url);
    }
    expect(await found('#rutas')).toEqual([]);
    expect(await found('@rutas')).toEqual([]);
    expect(await found('zzzqqq')).toEqual([]);
    const answer = await t.get('/api/search/all/rutasdelcantabrico');
    expect(answer.body.data.c[0]).toEqual({
      nombre: 'Rutas del Cantábrico',
      url: channel.url,
      img_perfil: '',
    });
  });

  it('shows on its owner’s profile', async () => {
    const owner = await t.createSession();
    const nobody = await t.createSession();
    const channel = await createChannel(t, owner, { name: 'Ruta Sur', avatar: 'posts/ab/abcdef' });
    expect((await t.get(`/api/perfil/${owner.username}`)).body.data.canal).toEqual({
      url: channel.url,
      nombre: 'Ruta Sur',
      img_perfil: '/media/posts/ab/abcdef-thumb.webp',
    });
    expect((await t.get(`/api/perfil/${nobody.username}`)).body.data.canal).toBeNull();
  });

  it('write their name, description and image into the head of shared links; unknown ones are the 404 page', async () => {
    const owner = await t.createSession();
    const channel = await createChannel(t, owner, {
      name: 'Ruta "Norte"',
      description: 'Galicia en furgo.',
      avatar: 'posts/cd/cdef01',
    });
    const video = await createVideo(t, channel, { title: 'Playa de las Catedrales', description: '' });
    const processing = await createVideo(t, channel, { state: 'procesando' });

    const page = (await t.get(`/canales/${channel.url}`)).body as string;
    expect(page).toContain('<title>Ruta &quot;Norte&quot; - nómadas.tv</title>');
    expect(page).toContain('<meta name="description" content="Galicia en furgo.">');
    expect(page).toContain(
      '<meta property="og:image" content="http://nomadas.test/media/posts/cd/cdef01-thumb.jpg">',
    );
    expect(page).toContain(`<meta property="og:url" content="http://nomadas.test/canales/${channel.url}">`);

    const watch = await t.get(`/canales/${channel.url}/${video.name}`);
    expect(watch.status).toBe(200);
    expect(watch.body).toContain(
      '<title>Playa de las Catedrales - Ruta &quot;Norte&quot; - nómadas.tv</title>',
    );
    expect(watch.body).toContain(
      '<meta name="description" content="Playa de las Catedrales, un vídeo del canal Ruta &quot;Norte&quot;.">',
    );
    expect(watch.body).toContain(
      `<meta property="og:image" content="http://nomadas.test/media/${video.poster_key}">`,
    );

    for (const path of [
      '/canales/no-existe',
      `/canales/no-existe/${video.name}`,
      `/canales/${channel.url}/no-existe`,
      `/canales/${channel.url}/${processing.name}`,
    ]) {
      const answer = await t.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    }
    expect((await t.get('/canales')).status).toBe(200);
  });

  it("have their first posters, or the video's poster, preloaded with the page (not the heavy cover), and a channel its first page", async () => {
    const owner = await t.createSession();
    const channel = await createChannel(t, owner);
    await t.db
      .updateTable('channels')
      .set({ cover: 'posts/ab/abcd01' })
      .where('id', '=', channel.id)
      .execute();
    const videos = [];
    for (const title of ['Uno', 'Dos', 'Tres']) videos.push(await createVideo(t, channel, { title }));
    const processing = await createVideo(t, channel, { state: 'procesando' });
    const preloads = (html: string) => [
      ...html.matchAll(/<link rel="preload" as="image"[^>]*href="([^"]+)">/g),
    ];
    const hrefs = (html: string) => preloads(html).map((match) => match[1]);

    // The very urls the screen's <img> elements ask for: what the API gives it.
    const shown = (await t.get(`/api/canales/${channel.url}?n=0&l=24`)).body.data;
    expect(shown.videos).toHaveLength(3);
    const page = (await t.get(`/canales/${channel.url}`)).body as string;
    expect(shown.canal.img_portada).not.toBe('');
    expect(hrefs(page)).toEqual([shown.videos[0].poster, shown.videos[1].poster]);
    // The HTML carries that whole answer for a visitor's app (and only a channel's HTML does).
    const inlined = /<script id="channel-first-page" type="application\/json">(.*?)<\/script>/s.exec(page);
    expect(JSON.parse(inlined![1]!)).toEqual(shown);

    const watch = (await t.get(`/canales/${channel.url}/${videos[0]!.name}`)).body as string;
    expect(hrefs(watch)).toEqual([`/media/${videos[0]!.poster_key}`]);
    for (const path of [`/canales/${channel.url}/${processing.name}`, '/canales/no-existe', '/canales']) {
      const html = (await t.get(path)).body as string;
      expect(preloads(html), path).toEqual([]);
      expect(html, path).not.toContain('channel-first-page');
    }
  });
});

describe('the account', () => {
  it('exports the channel, its videos, subscriptions and likes; deleting it removes them with their files', async () => {
    const me = await t.createSession();
    const other = await t.createSession();
    const mine = await createChannel(t, me, { name: 'Mi canal' });
    const myVideo = await createVideo(t, mine, { title: 'Mi primer vídeo' });
    const processing = await createVideo(t, mine, { state: 'procesando' });
    const form = new FormData();
    form.append('media', new Blob([new Uint8Array(await makePhoto())], { type: 'image/jpeg' }), 'a.jpg');
    await t.post(`/api/canales/${mine.url}/avatar`, { token: me.token, form });
    const theirs = await createChannel(t, other, { name: 'Su canal' });
    const theirVideo = await createVideo(t, theirs);
    await t.post(`/api/subscribe/${theirs.url}`, { token: me.token });
    await t.post(`/api/canales/${theirs.url}/${theirVideo.name}/like`, { token: me.token });
    await t.post(`/api/subscribe/${mine.url}`, { token: other.token });

    const link = (await t.post('/api/perfil/export', { token: me.token, body: { password: me.password } }))
      .body.data.url;
    const zip = readZip(Buffer.from(await (await fetch(`${t.baseUrl}${link}`)).arrayBuffer()));
    const exported = JSON.parse(zip.get('canal.json')!.toString('utf8'));
    expect(exported.canal).toMatchObject({
      nombre: 'Mi canal',
      url: mine.url,
      avatar: 'media/canal/avatar.jpg',
    });
    expect(exported.canal.videos.map((v: { titulo: string }) => v.titulo)).toEqual([
      'Mi primer vídeo',
      'Amanecer en los Picos de Europa',
    ]);
    expect(exported.suscripciones).toEqual([
      { canal: `http://nomadas.test/canales/${theirs.url}`, desde: expect.any(String) },
    ]);
    expect(exported.videos_que_te_gustan).toHaveLength(1);
    expect(zip.get(`media/canal/${myVideo.name}.mp4`)?.toString()).toBe(`fake ${myVideo.video_key}`);
    expect(zip.has('media/canal/avatar.jpg')).toBe(true);

    const avatar = (
      await t.db.selectFrom('channels').select('avatar').where('id', '=', mine.id).executeTakeFirstOrThrow()
    ).avatar!;
    const deleted = await t.post('/api/perfil/delete', { token: me.token, body: { password: me.password } });
    expect(deleted.body).toEqual({ state: 'OK', msg: MSG.accountDeleted });
    expect((await t.get(`/api/canales/${mine.url}`)).status).toBe(404);
    const files = await listMediaFiles(t);
    for (const key of [myVideo.video_key, myVideo.poster_key]) expect(files).not.toContain(key);
    expect(await originalStored(t, processing.original_key!)).toBe(false);
    expect(files.some((file) => file.startsWith(avatar))).toBe(false);
    expect(files).toContain(theirVideo.video_key);
    // Their counters lose the deleted account's subscription and like.
    const theirPage = await t.get(`/api/canales/${theirs.url}/${theirVideo.name}`);
    expect(theirPage.body.data.canal.subs).toBe(0);
    expect(theirPage.body.data.video.likes).toBe(0);
  });
});
